//===- Launch.cpp - Kernel launch -----------------------------------------===//
//
// cuLaunchKernel with the context made current; no allocation unless failing.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/Launch.h"
#include "DriverApi.h"

using namespace llvm;

namespace pyjit::runtime {

Error launchKernel(void *function, Dim3 grid, Dim3 block,
                   unsigned dynamicSharedBytes, void *stream, void **params,
                   StringRef kernelName) {
  Expected<const DriverApi &> api = contextApi();
  if (LLVM_UNLIKELY(!api))
    return api.takeError();
  CUresult r = api->cuLaunchKernel(
      static_cast<CUfunction>(function), grid.x, grid.y, grid.z, block.x,
      block.y, block.z, dynamicSharedBytes, static_cast<CUstream>(stream),
      params, /*extra=*/nullptr);
  if (LLVM_LIKELY(r == CUDA_SUCCESS))
    return Error::success();
  return makeCudaError(*api, "cuLaunchKernel", r,
                       ("kernel '" + kernelName + "'").str());
}

} // namespace pyjit::runtime
