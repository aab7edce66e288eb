//===- Launch.cpp - Kernel launch -----------------------------------------===//
//
// cuLaunchKernel (cuLaunchCooperativeKernel for kernels that synchronize
// their grid) with the context made current; no allocation unless failing.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/Launch.h"
#include "DriverApi.h"
#include "ForkSafeMutex.h"
#include "llvm/ADT/StringMap.h"
#include <atomic>
#include <memory>
#include <mutex>
#include <string>

using namespace llvm;

namespace pyjit::runtime {

namespace {
/// The name of the kernel launched last, for errors found when waiting.
/// Names are interned once and never freed, so a reader never sees freed
/// memory; a launch of the same kernel as the last one is one compare.
std::atomic<const std::string *> LastKernel{nullptr};
ForkSafeMutex NamesMutex;

void noteLaunch(StringRef name) {
  const std::string *last = LastKernel.load(std::memory_order_relaxed);
  if (LLVM_LIKELY(last && *last == name))
    return;
  static auto *names = new StringMap<std::unique_ptr<std::string>>();
  std::lock_guard<ForkSafeMutex> lock(NamesMutex);
  auto &slot = (*names)[name];
  if (!slot)
    slot = std::make_unique<std::string>(name.str());
  LastKernel.store(slot.get(), std::memory_order_relaxed);
}
} // namespace

std::string lastLaunchedKernel() {
  const std::string *last = LastKernel.load(std::memory_order_relaxed);
  return last ? *last : std::string();
}

Error checkAfterLaunch(const DriverApi &api, StringRef call, CUresult result) {
  if (LLVM_LIKELY(result == CUDA_SUCCESS))
    return Error::success();
  std::string last = lastLaunchedKernel();
  return makeCudaError(api, call, result,
                       last.empty() ? std::string() : "after kernel '" + last + "'");
}

Expected<bool> queryResult(const DriverApi &api, StringRef call, CUresult result) {
  if (result == CUDA_ERROR_NOT_READY)
    return false;
  if (Error err = checkAfterLaunch(api, call, result))
    return std::move(err);
  return true;
}

Error launchKernel(void *function, Dim3 grid, Dim3 block,
                   unsigned dynamicSharedBytes, void *stream, void **params,
                   StringRef kernelName, bool cooperative) {
  Expected<const DriverApi &> api = contextApi();
  if (LLVM_UNLIKELY(!api))
    return api.takeError();
  CUresult r;
  if (LLVM_LIKELY(!cooperative))
    r = api->cuLaunchKernel(static_cast<CUfunction>(function), grid.x, grid.y, grid.z, block.x,
                            block.y, block.z, dynamicSharedBytes, static_cast<CUstream>(stream),
                            params, /*extra=*/nullptr);
  else
    r = api->cuLaunchCooperativeKernel(static_cast<CUfunction>(function), grid.x, grid.y,
                                       grid.z, block.x, block.y, block.z, dynamicSharedBytes,
                                       static_cast<CUstream>(stream), params);
  if (LLVM_LIKELY(r == CUDA_SUCCESS)) {
    noteLaunch(kernelName);
    return Error::success();
  }
  std::string context = ("kernel '" + kernelName + "'").str();
  if (r == CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE)
    context += ", which synchronizes its grid (cuda.cg): every block must be resident at "
               "once; max_cooperative_grid_blocks(blockdim) gives the most blocks";
  return makeCudaError(*api, cooperative ? "cuLaunchCooperativeKernel" : "cuLaunchKernel", r,
                       context);
}

} // namespace pyjit::runtime
