//===- CudaIntrinsics.h - The cuda.* functions kernels may call ----------===//
//
// Names and numba.cuda signatures (numba-cuda 0.30, "Supported Python
// features in CUDA Python"); lowered in codegen/lib/CudaLowering.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_CUDAINTRINSICS_H
#define PYJIT_IR_CUDAINTRINSICS_H

#include "llvm/ADT/StringRef.h"
#include <optional>

namespace pyjit::ir {

enum class CudaFn {
  // Barriers and fences: syncthreads() -> none; syncthreads_count/and/or(pred)
  // -> int32; syncwarp(mask=0xffffffff); threadfence[_block|_system]().
  Syncthreads, SyncthreadsCount, SyncthreadsAnd, SyncthreadsOr, Syncwarp,
  Threadfence, ThreadfenceBlock, ThreadfenceSystem,
  // Warp shuffles (mask, value, lane|delta|lanemask) -> value's type.
  ShflSync, ShflUpSync, ShflDownSync, ShflXorSync,
  // Votes (mask, pred): all/any/eq -> int32 (0 or 1); ballot -> uint32.
  AllSync, AnySync, EqSync, BallotSync,
  // activemask() -> uint32; match_any_sync(mask, v) -> uint32;
  // match_all_sync(mask, v) -> (uint32, bool).
  Activemask, MatchAnySync, MatchAllSync,
  // Bit and arithmetic intrinsics: popc/brev/clz/ffs(int); fma(a, b, c);
  // cbrt(x); selp(cond, a, b); nanosleep(ns).
  Popc, Brev, Clz, Ffs, Fma, Cbrt, Selp, Nanosleep,
  // Cooperative groups (numba.cuda.cg): this_grid() -> GridGroup;
  // GridGroup.sync(), the grid group its operand, -> none: a barrier for
  // every thread of the grid. A kernel that calls it is launched
  // cooperatively (cuLaunchCooperativeKernel).
  ThisGrid, GridSync,
  // Internal (no Python name a kernel can call): abort the kernel; whether
  // the CPU backend's runner was asked to stop (Ctrl-C: SIGINT during the
  // launch) -> bool, read at each iteration of a while loop there
  // (IRGenOptions::interruptible), at every kHostInterruptPeriod-th call;
  // InterruptedNow the same, read at each call (between two chunks of a
  // for loop, IRGen::forStmt). Breakpoint: Python's breakpoint() in a
  // kernel, numba-cuda's PTX `brkpt` (a cuda-gdb stop; nothing elsewhere).
  // Malloc(bytes: uint64) -> uint64 address, 0 when none is left: the CUDA
  // device heap's malloc (PTX ISA "System Calls"; 8 MiB a context unless
  // cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE) grows it), the C library's on
  // the CPU backend; Free(address) -> none.
  Trap, Interrupted, InterruptedNow, Breakpoint, Malloc, Free,
  // Loads and stores with a cache hint (numba.cuda's ldca(array, i) ->
  // element, stcg(array, i, value); PTX ISA "Cache Operators"): .ca cache
  // at all levels, .cg in L2 only, .cs streaming (evict first), .lu last
  // use, .cv volatile (fetch again); stores .cg, .cs, .wb write-back, .wt
  // write-through. Plain accesses off the GPU or outside global memory.
  Ldca, Ldcg, Ldcs, Ldlu, Ldcv, Stcg, Stcs, Stwb, Stwt,
  // Atomics (array, index, value) -> the old value; cas(array, index, old,
  // value); compare_and_swap(array, old, value) on element 0.
  AtomicAdd, AtomicSub, AtomicMax, AtomicMin, AtomicNanmax, AtomicNanmin, AtomicAnd,
  AtomicOr, AtomicXor, AtomicExch, AtomicInc, AtomicDec, AtomicCas, AtomicCompareAndSwap,
};

/// The dotted name after `cuda.` ("syncthreads", "atomic.add").
const char *cudaFnName(CudaFn fn);
std::optional<CudaFn> lookupCudaFn(llvm::StringRef name);
inline bool isAtomic(CudaFn fn) { return fn >= CudaFn::AtomicAdd; }
inline bool isCacheHinted(CudaFn fn) { return fn >= CudaFn::Ldca && fn <= CudaFn::Stwt; }
inline bool isCacheHintedStore(CudaFn fn) { return fn >= CudaFn::Stcg && fn <= CudaFn::Stwt; }

} // namespace pyjit::ir

#endif
