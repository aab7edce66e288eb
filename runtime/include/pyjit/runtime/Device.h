//===- Device.h - The device and its primary context ------------*- C++ -*-===//
//
// Device 0, its properties, and its primary context made current per thread.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_DEVICE_H
#define PYJIT_RUNTIME_DEVICE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <string>

namespace pyjit::runtime {

/// Properties of a CUDA device, read once through cuDeviceGetAttribute.
struct DeviceInfo {
  int ordinal = 0;
  std::string name;
  int ccMajor = 0, ccMinor = 0;
  int maxThreadsPerBlock = 0;
  int maxBlockDim[3] = {0, 0, 0};
  int maxGridDim[3] = {0, 0, 0};
  int maxSharedMemoryPerBlock = 0; ///< Bytes, without opt-in.
  int maxSharedMemoryPerBlockOptin = 0; ///< Bytes, with a kernel's opt-in (allowOptInSharedMemory).
  int multiProcessorCount = 0;
  int warpSize = 0;
  std::array<uint8_t, 16> uuid = {}; ///< cuDeviceGetUuid's bytes (nvidia-smi's GPU-... id).

  /// The compute capability as an nvJitLink/PTX target, e.g. "sm_90".
  std::string arch() const;
};

/// The calling thread's device (device 0 unless selectDevice chose another),
/// with its primary context current on the calling thread.
///
/// The first call retains device 0's primary context, the one CuPy and
/// PyTorch use, so pointers and streams are shared with them; it is never
/// released. Every call makes that context current on the calling thread if
/// it is not already (a cuCtxGetCurrent compare when it is).
///
/// \returns the errors of Driver::get(); a CudaError naming
/// cuDeviceGetCount (CUDA_ERROR_NO_DEVICE when there is none),
/// cuDeviceGet, cuDeviceGetName, cuDeviceGetAttribute,
/// cuDevicePrimaryCtxRetain, cuCtxGetCurrent or cuCtxSetCurrent. A failed
/// first call is retried by the next one.
llvm::Expected<const DeviceInfo &> currentDevice();

/// The number of CUDA devices. \returns the errors of Driver::get(); a
/// CudaError naming cuDeviceGetCount.
llvm::Expected<int> deviceCount();

/// Makes device \p ordinal the calling thread's device (as numba.cuda's
/// select_device): later calls on this thread use its primary context.
/// Other threads keep theirs (device 0 unless they select another).
/// \returns a CudaError (CUDA_ERROR_INVALID_DEVICE naming the ordinal and
/// the device count) for an ordinal out of range; the errors of
/// currentDevice() for the new device.
llvm::Error selectDevice(int ordinal);

/// Whether \p name is a device attribute deviceAttribute reads: the name of
/// a CUdevice_attribute without its CU_DEVICE_ATTRIBUTE_ prefix
/// ("MAX_THREADS_PER_BLOCK", "L2_CACHE_SIZE"), as numba.cuda's Device has it.
bool isDeviceAttribute(llvm::StringRef name);

/// Device \p ordinal's attribute \p name (isDeviceAttribute), through
/// cuDeviceGetAttribute. \returns the errors of Driver::get(); a CudaError
/// naming cuDeviceGet or cuDeviceGetAttribute (CUDA_ERROR_INVALID_VALUE for a
/// name that is not an attribute).
llvm::Expected<int> deviceAttribute(int ordinal, llvm::StringRef name);

/// The calling thread's device ordinal (0 until selectDevice). Never fails.
int selectedDevice();

/// Makes the primary context of currentDevice() current on this thread.
/// \returns the errors of currentDevice().
llvm::Error ensureContext();

/// Starts / stops the profiler's collection (cuProfilerStart, cuProfilerStop:
/// Nsight Systems' capture range). \returns a CudaError naming the call.
llvm::Error profilerStart();
llvm::Error profilerStop();

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_DEVICE_H
