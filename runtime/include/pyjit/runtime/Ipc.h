//===- Ipc.h - Device memory shared between processes -----------*- C++ -*-===//
//
// CUDA's legacy IPC (cuIpcGetMemHandle / cuIpcOpenMemHandle): a process
// exports a handle of one cuMemAlloc allocation; another process on the same
// machine opens it as a device address of its own. Linux only (CUDA's rule).
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_IPC_H
#define PYJIT_RUNTIME_IPC_H

#include "pyjit/runtime/Memory.h"

#include "llvm/Support/Error.h"

#include <array>
#include <cstddef>

namespace pyjit::runtime {

/// The bytes of a CUipcMemHandle (CU_IPC_HANDLE_SIZE, 64).
using IpcMemHandle = std::array<unsigned char, 64>;

/// What a process sends so that another can open the memory at an address.
struct IpcExport {
  IpcMemHandle handle; ///< of the whole allocation holding the address
  size_t offset = 0;   ///< of the address from the allocation's start, bytes
  size_t size = 0;     ///< of the whole allocation, bytes
};

/// The IPC handle of the allocation holding device address \p ptr, and the
/// address's offset in it (cuMemGetAddressRange, cuIpcGetMemHandle).
/// \returns a CudaError naming the failing call (memory from the CPU backend,
/// managed or pinned memory has no handle).
llvm::Expected<IpcExport> ipcExport(DevicePtr ptr);

/// Opens another process's allocation in the current device's context
/// (cuIpcOpenMemHandle, peer access enabled lazily). The address is valid
/// until ipcClose.
/// \returns a CudaError naming cuIpcOpenMemHandle (a handle exported by this
/// same process is refused by the driver: CUDA_ERROR_INVALID_CONTEXT).
llvm::Expected<DevicePtr> ipcOpen(const IpcMemHandle &handle);

/// Unmaps an address from ipcOpen (cuIpcCloseMemHandle).
/// \returns a CudaError naming cuIpcCloseMemHandle.
llvm::Error ipcClose(DevicePtr ptr);

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_IPC_H
