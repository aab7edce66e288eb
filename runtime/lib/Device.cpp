//===- Device.cpp - The device and its primary context --------------------===//
//
// Retains device 0's primary context once and makes it current per thread.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/Device.h"
#include "DriverApi.h"
#include "ForkSafeMutex.h"

#include <atomic>
#include <cstring>
#include <mutex>

using namespace llvm;

namespace pyjit::runtime {

std::string DeviceInfo::arch() const {
  return "sm_" + std::to_string(ccMajor) + std::to_string(ccMinor);
}

namespace {

/// The device and its retained primary context; built once, never freed.
struct DeviceState {
  const DriverApi *Api;
  CUcontext Context;
  DeviceInfo Info;
};

/// Devices by ordinal, each built on first use; the selected one per thread.
constexpr int MaxDevices = 64;
std::atomic<const DeviceState *> States[MaxDevices];
ForkSafeMutex StateMutex;
thread_local int Selected = 0;

Error readInfo(const DriverApi &api, CUdevice device, DeviceInfo &info) {
  char name[256] = {};
  if (Error err = checkCuda(api, "cuDeviceGetName",
                            api.cuDeviceGetName(name, sizeof(name), device)))
    return err;
  info.name = name;
  CUuuid uuid;
  if (Error err = checkCuda(api, "cuDeviceGetUuid", api.cuDeviceGetUuid(&uuid, device)))
    return err;
  std::memcpy(info.uuid.data(), uuid.bytes, info.uuid.size());

  struct Query {
    CUdevice_attribute attribute;
    int *field;
  } queries[] = {
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &info.ccMajor},
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &info.ccMinor},
      {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, &info.maxThreadsPerBlock},
      {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, &info.maxBlockDim[0]},
      {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, &info.maxBlockDim[1]},
      {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, &info.maxBlockDim[2]},
      {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, &info.maxGridDim[0]},
      {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, &info.maxGridDim[1]},
      {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, &info.maxGridDim[2]},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
       &info.maxSharedMemoryPerBlock},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
       &info.maxSharedMemoryPerBlockOptin},
      {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, &info.multiProcessorCount},
      {CU_DEVICE_ATTRIBUTE_WARP_SIZE, &info.warpSize},
  };
  for (const Query &query : queries)
    if (Error err = checkCuda(
            api, "cuDeviceGetAttribute",
            api.cuDeviceGetAttribute(query.field, query.attribute, device)))
      return err;
  return Error::success();
}

/// Builds the state for device `ordinal`. Called under StateMutex.
Expected<const DeviceState *> createState(int ordinal) {
  Expected<Driver &> driver = Driver::get();
  if (!driver)
    return driver.takeError();
  const DriverApi &api = driver->api();

  int count = 0;
  if (Error err =
          checkCuda(api, "cuDeviceGetCount", api.cuDeviceGetCount(&count)))
    return std::move(err);
  if (count == 0)
    return makeCudaError(api, "cuDeviceGetCount", CUDA_ERROR_NO_DEVICE);

  if (ordinal >= count)
    return makeCudaError(api, "cuDeviceGet", CUDA_ERROR_INVALID_DEVICE,
                         "device " + std::to_string(ordinal) + " of " + std::to_string(count));
  const int Ordinal = ordinal;
  CUdevice device = 0;
  if (Error err =
          checkCuda(api, "cuDeviceGet", api.cuDeviceGet(&device, Ordinal)))
    return std::move(err);
  DeviceInfo info;
  info.ordinal = Ordinal;
  if (Error err = readInfo(api, device, info))
    return std::move(err);

  CUcontext context = nullptr;
  if (Error err = checkCuda(api, "cuDevicePrimaryCtxRetain",
                            api.cuDevicePrimaryCtxRetain(&context, device)))
    return std::move(err);
  return new DeviceState{&api, context, std::move(info)};
}

Expected<const DeviceState &> deviceState() {
  if (LLVM_UNLIKELY(Driver::forkedAfterInit()))
    return Driver::forkedError();
  std::atomic<const DeviceState *> &slot = States[Selected];
  if (const DeviceState *state = slot.load(std::memory_order_acquire))
    return *state;
  std::lock_guard<ForkSafeMutex> lock(StateMutex);
  if (const DeviceState *state = slot.load(std::memory_order_relaxed))
    return *state;
  Expected<const DeviceState *> state = createState(Selected);
  if (!state)
    return state.takeError();
  slot.store(*state, std::memory_order_release);
  return **state;
}

Error makeCurrent(const DeviceState &state) {
  const DriverApi &api = *state.Api;
  CUcontext current = nullptr;
  if (Error err =
          checkCuda(api, "cuCtxGetCurrent", api.cuCtxGetCurrent(&current)))
    return err;
  if (LLVM_LIKELY(current == state.Context))
    return Error::success();
  return checkCuda(api, "cuCtxSetCurrent", api.cuCtxSetCurrent(state.Context));
}

} // namespace

namespace {
struct NamedAttribute {
  const char *name;
  CUdevice_attribute attribute;
};
const NamedAttribute Attributes[] = {
#define X(NAME) {#NAME, CU_DEVICE_ATTRIBUTE_##NAME},
#include "DeviceAttributes.inc"
#undef X
};

const NamedAttribute *findAttribute(llvm::StringRef name) {
  for (const NamedAttribute &a : Attributes)
    if (name == a.name)
      return &a;
  return nullptr;
}
} // namespace

bool isDeviceAttribute(llvm::StringRef name) { return findAttribute(name) != nullptr; }

Expected<int> deviceAttribute(int ordinal, llvm::StringRef name) {
  if (Driver::forkedAfterInit())
    return Driver::forkedError();
  Expected<Driver &> driver = Driver::get();
  if (!driver)
    return driver.takeError();
  const DriverApi &api = driver->api();
  const NamedAttribute *a = findAttribute(name);
  if (!a)
    return makeCudaError(api, "cuDeviceGetAttribute", CUDA_ERROR_INVALID_VALUE,
                         "no device attribute " + name.str());
  CUdevice device = 0;
  if (Error err = checkCuda(api, "cuDeviceGet", api.cuDeviceGet(&device, ordinal)))
    return std::move(err);
  int value = 0;
  if (Error err = checkCuda(api, "cuDeviceGetAttribute",
                            api.cuDeviceGetAttribute(&value, a->attribute, device)))
    return std::move(err);
  return value;
}

Expected<int> deviceCount() {
  if (Driver::forkedAfterInit())
    return Driver::forkedError();
  Expected<Driver &> driver = Driver::get();
  if (!driver)
    return driver.takeError();
  int count = 0;
  if (Error err = checkCuda(driver->api(), "cuDeviceGetCount",
                            driver->api().cuDeviceGetCount(&count)))
    return std::move(err);
  return count;
}

Error selectDevice(int ordinal) {
  Expected<int> count = deviceCount();
  if (!count)
    return count.takeError();
  Expected<Driver &> driver = Driver::get();
  if (!driver)
    return driver.takeError();
  if (ordinal < 0 || ordinal >= *count || ordinal >= MaxDevices)
    return makeCudaError(driver->api(), "cuDeviceGet", CUDA_ERROR_INVALID_DEVICE,
                         "device " + std::to_string(ordinal) + " of " + std::to_string(*count));
  int previous = Selected;
  Selected = ordinal;
  if (Error err = ensureContext()) {
    Selected = previous;
    return err;
  }
  return Error::success();
}

int selectedDevice() { return Selected; }

Expected<const DeviceInfo &> currentDevice() {
  Expected<const DeviceState &> state = deviceState();
  if (!state)
    return state.takeError();
  if (Error err = makeCurrent(*state))
    return std::move(err);
  return state->Info;
}

Error ensureContext() {
  Expected<const DeviceState &> state = deviceState();
  if (!state)
    return state.takeError();
  return makeCurrent(*state);
}

Expected<const DriverApi &> contextApi() {
  Expected<const DeviceState &> state = deviceState();
  if (LLVM_UNLIKELY(!state))
    return state.takeError();
  if (Error err = makeCurrent(*state))
    return std::move(err);
  return *state->Api;
}

Error profilerStart() {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuProfilerStart", api->cuProfilerStart());
}

Error profilerStop() {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuProfilerStop", api->cuProfilerStop());
}

} // namespace pyjit::runtime
