//===- Ipc.cpp - Device memory shared between processes ------------------===//

#include "pyjit/runtime/Ipc.h"

#include "DriverApi.h"

#include <cstring>

using namespace pyjit::runtime;
using llvm::Error;
using llvm::Expected;

static_assert(sizeof(CUipcMemHandle) == std::tuple_size_v<IpcMemHandle>,
              "CUipcMemHandle is CU_IPC_HANDLE_SIZE bytes");

Expected<IpcExport> pyjit::runtime::ipcExport(DevicePtr ptr) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  CUdeviceptr base = 0;
  size_t size = 0;
  if (Error err = checkCuda(*api, "cuMemGetAddressRange",
                            api->cuMemGetAddressRange(&base, &size, static_cast<CUdeviceptr>(ptr))))
    return std::move(err);
  CUipcMemHandle handle;
  if (Error err = checkCuda(*api, "cuIpcGetMemHandle", api->cuIpcGetMemHandle(&handle, base)))
    return std::move(err);
  IpcExport out;
  std::memcpy(out.handle.data(), &handle, sizeof handle);
  out.offset = static_cast<size_t>(ptr - base);
  out.size = size;
  return out;
}

Expected<DevicePtr> pyjit::runtime::ipcOpen(const IpcMemHandle &bytes) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  CUipcMemHandle handle;
  std::memcpy(&handle, bytes.data(), sizeof handle);
  CUdeviceptr ptr = 0;
  if (Error err = checkCuda(*api, "cuIpcOpenMemHandle",
                            api->cuIpcOpenMemHandle(&ptr, handle,
                                                    CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS)))
    return std::move(err);
  return static_cast<DevicePtr>(ptr);
}

Error pyjit::runtime::ipcClose(DevicePtr ptr) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuIpcCloseMemHandle",
                   api->cuIpcCloseMemHandle(static_cast<CUdeviceptr>(ptr)));
}
