//===- Memory.cpp - Device and pinned host memory -------------------------===//
//
// Allocation, copies and memset of device memory; pinned host memory.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/Memory.h"
#include "DriverApi.h"

using namespace llvm;

namespace pyjit::runtime {

static_assert(sizeof(DevicePtr) == sizeof(CUdeviceptr),
              "DevicePtr must hold a CUdeviceptr");

Expected<DevicePtr> memAlloc(size_t bytes) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  CUdeviceptr ptr = 0;
  if (CUresult r = api->cuMemAlloc(&ptr, bytes); r != CUDA_SUCCESS)
    return makeCudaError(*api, "cuMemAlloc", r,
                         std::to_string(bytes) + " bytes");
  return static_cast<DevicePtr>(ptr);
}

Error memFree(DevicePtr ptr) {
  if (ptr == 0)
    return Error::success();
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuMemFree", api->cuMemFree(ptr));
}

Error memcpyHtoD(DevicePtr dst, const void *src, size_t bytes) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuMemcpyHtoD", api->cuMemcpyHtoD(dst, src, bytes));
}

Error memcpyDtoH(void *dst, DevicePtr src, size_t bytes) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkAfterLaunch(*api, "cuMemcpyDtoH", api->cuMemcpyDtoH(dst, src, bytes));
}

Error memcpyDtoD(DevicePtr dst, DevicePtr src, size_t bytes) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuMemcpyDtoD", api->cuMemcpyDtoD(dst, src, bytes));
}

Error memsetD8(DevicePtr dst, unsigned char value, size_t bytes) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuMemsetD8", api->cuMemsetD8(dst, value, bytes));
}

Error synchronize() {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkAfterLaunch(*api, "cuCtxSynchronize", api->cuCtxSynchronize());
}

Expected<void *> memHostAlloc(size_t bytes, bool mapped) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  void *ptr = nullptr;
  unsigned flags = CU_MEMHOSTALLOC_PORTABLE | (mapped ? CU_MEMHOSTALLOC_DEVICEMAP : 0);
  if (CUresult r = api->cuMemHostAlloc(&ptr, bytes, flags); r != CUDA_SUCCESS)
    return makeCudaError(*api, "cuMemHostAlloc", r, std::to_string(bytes) + " bytes");
  return ptr;
}

Error hostRegister(void *host, size_t bytes, bool mapped) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  unsigned flags = CU_MEMHOSTREGISTER_PORTABLE | (mapped ? CU_MEMHOSTREGISTER_DEVICEMAP : 0);
  if (CUresult r = api->cuMemHostRegister(host, bytes, flags); r != CUDA_SUCCESS)
    return makeCudaError(*api, "cuMemHostRegister", r, std::to_string(bytes) + " bytes");
  return Error::success();
}

Error hostUnregister(void *host) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuMemHostUnregister", api->cuMemHostUnregister(host));
}

Expected<DevicePtr> memAllocManaged(size_t bytes, bool attachGlobal) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  CUdeviceptr ptr = 0;
  unsigned flags = attachGlobal ? CU_MEM_ATTACH_GLOBAL : CU_MEM_ATTACH_HOST;
  if (CUresult r = api->cuMemAllocManaged(&ptr, bytes, flags); r != CUDA_SUCCESS)
    return makeCudaError(*api, "cuMemAllocManaged", r, std::to_string(bytes) + " bytes");
  return static_cast<DevicePtr>(ptr);
}

Expected<std::pair<size_t, size_t>> memGetInfo() {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  size_t free = 0, total = 0;
  if (Error err = checkCuda(*api, "cuMemGetInfo", api->cuMemGetInfo(&free, &total)))
    return std::move(err);
  return std::make_pair(free, total);
}

Expected<DevicePtr> hostDevicePointer(void *host) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  CUdeviceptr ptr = 0;
  if (Error err = checkCuda(*api, "cuMemHostGetDevicePointer",
                            api->cuMemHostGetDevicePointer(&ptr, host, 0)))
    return std::move(err);
  return static_cast<DevicePtr>(ptr);
}

Error memcpyHtoDAsync(DevicePtr dst, const void *src, size_t bytes, void *stream) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuMemcpyHtoDAsync",
                   api->cuMemcpyHtoDAsync(dst, src, bytes, static_cast<CUstream>(stream)));
}

Error memcpyDtoHAsync(void *dst, DevicePtr src, size_t bytes, void *stream) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkAfterLaunch(*api, "cuMemcpyDtoHAsync",
                          api->cuMemcpyDtoHAsync(dst, src, bytes, static_cast<CUstream>(stream)));
}

Expected<void *> memAllocHost(size_t bytes) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  void *ptr = nullptr;
  if (CUresult r = api->cuMemAllocHost(&ptr, bytes); r != CUDA_SUCCESS)
    return makeCudaError(*api, "cuMemAllocHost", r,
                         std::to_string(bytes) + " bytes");
  return ptr;
}

Error memFreeHost(void *ptr) {
  if (!ptr)
    return Error::success();
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuMemFreeHost", api->cuMemFreeHost(ptr));
}

Expected<PointerInfo> pointerInfo(uint64_t address) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  PointerInfo info;
  unsigned memoryType = 0;
  CUresult r = api->cuPointerGetAttribute(
      &memoryType, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, address);
  // An address CUDA never saw is reported as an invalid value.
  if (r == CUDA_ERROR_INVALID_VALUE)
    return info;
  if (r != CUDA_SUCCESS)
    return makeCudaError(*api, "cuPointerGetAttribute", r);
  switch (memoryType) {
  case CU_MEMORYTYPE_HOST:
    info.kind = MemoryKind::Host;
    break;
  case CU_MEMORYTYPE_ARRAY:
    info.kind = MemoryKind::Array;
    break;
  default: // CU_MEMORYTYPE_DEVICE, CU_MEMORYTYPE_UNIFIED
    info.kind = MemoryKind::Device;
    break;
  }
  if (Error err = checkCuda(*api, "cuPointerGetAttribute",
                            api->cuPointerGetAttribute(
                                &info.deviceOrdinal,
                                CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, address)))
    return std::move(err);
  unsigned managed = 0;
  if (Error err =
          checkCuda(*api, "cuPointerGetAttribute",
                    api->cuPointerGetAttribute(
                        &managed, CU_POINTER_ATTRIBUTE_IS_MANAGED, address)))
    return std::move(err);
  info.isManaged = managed != 0;
  return info;
}

} // namespace pyjit::runtime
