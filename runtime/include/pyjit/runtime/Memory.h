//===- Memory.h - Device and pinned host memory -----------------*- C++ -*-===//
//
// Allocation, copies and memset of device memory; pinned host memory.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_MEMORY_H
#define PYJIT_RUNTIME_MEMORY_H

#include "llvm/Support/Error.h"

#include <cstddef>
#include <utility>
#include <cstdint>

namespace pyjit::runtime {

/// A device address (a CUdeviceptr), as an integer.
using DevicePtr = uint64_t;

// Every function below makes the primary context of currentDevice() current
// on the calling thread first and so may return the errors of
// currentDevice(). Sizes are in bytes. Copies and memset are synchronous with
// respect to the host, as the corresponding driver calls are.

/// Allocates \p bytes of device memory (cuMemAlloc).
/// \returns a CudaError naming cuMemAlloc, with the size as context.
llvm::Expected<DevicePtr> memAlloc(size_t bytes);

/// Frees memory from memAlloc (cuMemFree). Freeing 0 is a no-op.
/// \returns a CudaError naming cuMemFree.
llvm::Error memFree(DevicePtr ptr);

/// Copies \p bytes from host \p src to device \p dst (cuMemcpyHtoD).
/// \returns a CudaError naming cuMemcpyHtoD.
llvm::Error memcpyHtoD(DevicePtr dst, const void *src, size_t bytes);

/// Copies \p bytes from device \p src to host \p dst (cuMemcpyDtoH).
/// \returns a CudaError naming cuMemcpyDtoH.
llvm::Error memcpyDtoH(void *dst, DevicePtr src, size_t bytes);

/// Copies \p bytes from device \p src to device \p dst (cuMemcpyDtoD).
/// \returns a CudaError naming cuMemcpyDtoD.
llvm::Error memcpyDtoD(DevicePtr dst, DevicePtr src, size_t bytes);

/// Sets \p bytes bytes at \p dst to \p value (cuMemsetD8).
/// \returns a CudaError naming cuMemsetD8.
llvm::Error memsetD8(DevicePtr dst, unsigned char value, size_t bytes);

/// Waits for all work in the context (cuCtxSynchronize). Errors of earlier
/// asynchronous launches surface here.
/// \returns a CudaError naming cuCtxSynchronize.
llvm::Error synchronize();

/// Allocates \p bytes of page-locked host memory (cuMemAllocHost).
/// \returns a CudaError naming cuMemAllocHost.
llvm::Expected<void *> memAllocHost(size_t bytes);

/// Frees memory from memAllocHost (cuMemFreeHost). Freeing null is a no-op.
/// \returns a CudaError naming cuMemFreeHost.
llvm::Error memFreeHost(void *ptr);

/// Allocates \p bytes of page-locked host memory with cuMemHostAlloc,
/// portable to every context and, when \p mapped, mapped into the device's
/// address space (see hostDevicePointer).
/// \returns a CudaError naming cuMemHostAlloc. Free with memFreeHost.
llvm::Expected<void *> memHostAlloc(size_t bytes, bool mapped);

/// Page-locks \p bytes of existing host memory at \p host (cuMemHostRegister,
/// portable; with \p mapped also mapped into the device's address space).
/// \returns a CudaError naming cuMemHostRegister.
llvm::Error hostRegister(void *host, size_t bytes, bool mapped);
/// Undoes hostRegister (cuMemHostUnregister).
/// \returns a CudaError naming cuMemHostUnregister.
llvm::Error hostUnregister(void *host);

/// Allocates \p bytes of managed (unified) memory, at one address for the
/// host and every device (cuMemAllocManaged; attached globally, or to the
/// host when \p attachGlobal is false). Free with memFree.
/// \returns a CudaError naming cuMemAllocManaged, with the size as context.
llvm::Expected<DevicePtr> memAllocManaged(size_t bytes, bool attachGlobal);

/// Free and total device memory of the current device, bytes (cuMemGetInfo).
/// \returns a CudaError naming cuMemGetInfo.
llvm::Expected<std::pair<size_t, size_t>> memGetInfo();

/// The device address of mapped page-locked memory (cuMemHostGetDevicePointer).
/// \returns a CudaError naming cuMemHostGetDevicePointer.
llvm::Expected<DevicePtr> hostDevicePointer(void *host);

/// Asynchronous copies ordered on \p stream (a CUstream; null: the default
/// stream). With pageable host memory the driver copies synchronously.
/// \returns a CudaError naming cuMemcpyHtoDAsync / cuMemcpyDtoHAsync.
llvm::Error memcpyHtoDAsync(DevicePtr dst, const void *src, size_t bytes, void *stream);
llvm::Error memcpyDtoHAsync(void *dst, DevicePtr src, size_t bytes, void *stream);

/// Where an address lives, as cuPointerGetAttribute reports it.
enum class MemoryKind {
  Unregistered, ///< Not known to CUDA (ordinary host memory).
  Host,         ///< Page-locked or registered host memory.
  Device,       ///< Device memory, including managed memory.
  Array,        ///< A CUDA array.
};

/// What CUDA knows about an address.
struct PointerInfo {
  MemoryKind kind = MemoryKind::Unregistered;
  int deviceOrdinal = -1; ///< -1 when kind is Unregistered.
  bool isManaged = false;
};

/// Queries \p address with cuPointerGetAttribute. An address CUDA does not
/// know is reported as MemoryKind::Unregistered, not as an error.
/// \returns a CudaError naming cuPointerGetAttribute for other failures.
llvm::Expected<PointerInfo> pointerInfo(uint64_t address);

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_MEMORY_H
