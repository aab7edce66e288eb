//===- CudaIntrinsics.cpp - Names of the cuda.* functions ----------------===//
#include "pyjit/ir/CudaIntrinsics.h"

using namespace pyjit::ir;

static const char *const names[] = {
    "syncthreads", "syncthreads_count", "syncthreads_and", "syncthreads_or", "syncwarp",
    "threadfence", "threadfence_block", "threadfence_system",
    "shfl_sync", "shfl_up_sync", "shfl_down_sync", "shfl_xor_sync",
    "all_sync", "any_sync", "eq_sync", "ballot_sync",
    "activemask", "match_any_sync", "match_all_sync",
    "popc", "brev", "clz", "ffs", "fma", "cbrt", "selp", "nanosleep",
    "cg.this_grid", "cg.GridGroup.sync", "<trap>", "<interrupted>", "<interrupted now>", "<breakpoint>",
    "<malloc>", "<free>",
    "ldca", "ldcg", "ldcs", "ldlu", "ldcv", "stcg", "stcs", "stwb", "stwt",
    "atomic.add", "atomic.sub", "atomic.max", "atomic.min", "atomic.nanmax", "atomic.nanmin",
    "atomic.and_", "atomic.or_", "atomic.xor", "atomic.exch", "atomic.inc", "atomic.dec",
    "atomic.cas", "atomic.compare_and_swap",
};

const char *pyjit::ir::cudaFnName(CudaFn fn) { return names[static_cast<int>(fn)]; }

std::optional<CudaFn> pyjit::ir::lookupCudaFn(llvm::StringRef name) {
  for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); ++i)
    if (name == names[i])
      return static_cast<CudaFn>(i);
  return std::nullopt;
}
