//===- DriverApi.h - Private table of CUDA driver entry points --*- C++ -*-===//
//
// Private: the dlsym'd driver entry points and error helpers (needs cuda.h).
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_LIB_DRIVERAPI_H
#define PYJIT_RUNTIME_LIB_DRIVERAPI_H

#include "pyjit/runtime/Driver.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/Error.h"

#include <cuda.h>
#include <cudaProfiler.h>

#include <string>

namespace pyjit::runtime {

/// Every driver entry point the runtime uses. cuda.h maps some names to
/// versioned symbols (cuMemAlloc -> cuMemAlloc_v2); X(name) sees the
/// expanded name, so the member, its type and the dlsym'd symbol all agree,
/// and call sites written `api.cuMemAlloc(...)` expand the same way.
#define PYJIT_CUDA_DRIVER_FUNCTIONS(X)                                         \
  X(cuInit)                                                                    \
  X(cuDriverGetVersion)                                                        \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetName)                                                           \
  X(cuDeviceGetUuid)                                                           \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuCtxSetCurrent)                                                           \
  X(cuCtxGetCurrent)                                                           \
  X(cuCtxSynchronize)                                                          \
  X(cuModuleLoadData)                                                          \
  X(cuModuleUnload)                                                            \
  X(cuModuleGetFunction)                                                       \
  X(cuModuleGetGlobal)                                                         \
  X(cuFuncGetAttribute)                                                        \
  X(cuFuncSetAttribute)                                                        \
  X(cuLaunchKernel)                                                            \
  X(cuLaunchCooperativeKernel)                                                 \
  X(cuMemAlloc)                                                                \
  X(cuMemFree)                                                                 \
  X(cuMemcpyHtoD)                                                              \
  X(cuMemcpyDtoH)                                                              \
  X(cuMemcpyDtoD)                                                              \
  X(cuMemsetD8)                                                                \
  X(cuMemAllocHost)                                                            \
  X(cuMemHostAlloc)                                                            \
  X(cuMemHostGetDevicePointer)                                                 \
  X(cuMemcpyHtoDAsync)                                                         \
  X(cuMemcpyDtoHAsync)                                                         \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessor)                               \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags)                      \
  X(cuOccupancyMaxPotentialBlockSizeWithFlags)                                 \
  X(cuFuncSetCacheConfig)                                                      \
  X(cuMemFreeHost)                                                             \
  X(cuStreamCreate)                                                            \
  X(cuStreamDestroy)                                                           \
  X(cuStreamSynchronize)                                                       \
  X(cuEventCreate)                                                             \
  X(cuEventRecord)                                                             \
  X(cuEventSynchronize)                                                        \
  X(cuEventElapsedTime)                                                        \
  X(cuEventDestroy)                                                            \
  X(cuGetErrorName)                                                            \
  X(cuGetErrorString)                                                          \
  X(cuPointerGetAttribute)                                                      \
  X(cuStreamQuery)                                                             \
  X(cuEventQuery)                                                              \
  X(cuMemGetInfo)                                                              \
  X(cuMemHostRegister)                                                         \
  X(cuMemHostUnregister)                                                       \
  X(cuProfilerStart)                                                           \
  X(cuProfilerStop)                                                            \
  X(cuMemAllocManaged)                                                         \
  X(cuStreamWaitEvent)                                                         \
  X(cuStreamGetFlags)                                                          \
  X(cuStreamAddCallback)                                                       \
  X(cuMemGetAddressRange)                                                      \
  X(cuIpcGetMemHandle)                                                         \
  X(cuIpcOpenMemHandle)                                                        \
  X(cuIpcCloseMemHandle)

struct DriverApi {
#define PYJIT_DECLARE_DRIVER_FUNCTION(fn) decltype(&::fn) fn = nullptr;
  PYJIT_CUDA_DRIVER_FUNCTIONS(PYJIT_DECLARE_DRIVER_FUNCTION)
#undef PYJIT_DECLARE_DRIVER_FUNCTION
};

/// A CudaError for \p call returning \p result, with the result's name and
/// description from the driver. \p context is an optional phrase.
llvm::Error makeCudaError(const DriverApi &api, llvm::StringRef call,
                          CUresult result, std::string context = {});

/// Success when \p result is CUDA_SUCCESS, else makeCudaError.
inline llvm::Error checkCuda(const DriverApi &api, llvm::StringRef call,
                             CUresult result) {
  if (LLVM_LIKELY(result == CUDA_SUCCESS))
    return llvm::Error::success();
  return makeCudaError(api, call, result);
}

/// Like checkCuda, for calls that wait for launched work: a failure names
/// the kernel launched last (Launch.cpp), where an asynchronous fault such
/// as CUDA_ERROR_ILLEGAL_ADDRESS most likely happened.
llvm::Error checkAfterLaunch(const DriverApi &api, llvm::StringRef call, CUresult result);

/// A query's answer (cuStreamQuery, cuEventQuery): true for CUDA_SUCCESS,
/// false for CUDA_ERROR_NOT_READY, else checkAfterLaunch's error.
llvm::Expected<bool> queryResult(const DriverApi &api, llvm::StringRef call, CUresult result);

/// The driver, with the primary context of currentDevice() current on the
/// calling thread. Defined in Device.cpp.
/// \returns the errors of currentDevice().
llvm::Expected<const DriverApi &> contextApi();

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_LIB_DRIVERAPI_H
