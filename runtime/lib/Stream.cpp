//===- Stream.cpp - CUDA streams ------------------------------------------===//
//
// Creating, synchronizing and destroying CUDA streams.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/Stream.h"
#include "DriverApi.h"
#include "ForkSafeMutex.h"
#include "pyjit/runtime/Device.h"
#include <map>
#include <mutex>

using namespace llvm;

namespace pyjit::runtime {

Expected<void *> streamCreate(bool nonBlocking) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  CUstream stream = nullptr;
  unsigned flags = nonBlocking ? CU_STREAM_NON_BLOCKING : CU_STREAM_DEFAULT;
  if (Error err = checkCuda(*api, "cuStreamCreate",
                            api->cuStreamCreate(&stream, flags)))
    return std::move(err);
  return static_cast<void *>(stream);
}

Error streamDestroy(void *stream) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuStreamDestroy",
                   api->cuStreamDestroy(static_cast<CUstream>(stream)));
}

Error streamSynchronize(void *stream) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkAfterLaunch(*api, "cuStreamSynchronize",
                   api->cuStreamSynchronize(static_cast<CUstream>(stream)));
}

Expected<bool> streamQuery(void *stream) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return queryResult(*api, "cuStreamQuery", api->cuStreamQuery(static_cast<CUstream>(stream)));
}

namespace {

/// A host callback and its data, freed after it runs.
struct HostCallback {
  void (*fn)(void *, int);
  void *data;
};

void CUDA_CB runHostCallback(CUstream, CUresult status, void *userData) {
  auto *cb = static_cast<HostCallback *>(userData);
  cb->fn(cb->data, static_cast<int>(status));
  delete cb;
}

} // namespace

Error streamAddCallback(void *stream, void (*callback)(void *, int), void *data) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  auto *cb = new HostCallback{callback, data};
  if (Error err = checkCuda(*api, "cuStreamAddCallback",
                            api->cuStreamAddCallback(static_cast<CUstream>(stream),
                                                     runHostCallback, cb, 0))) {
    delete cb;
    return err;
  }
  return Error::success();
}

namespace {

bool isLegacyDefault(uint64_t stream) { return stream <= 1; }
bool isDefault(uint64_t stream) { return stream <= 2; }

/// Whether \p stream, neither default stream, synchronizes with the legacy
/// default stream (created without CU_STREAM_NON_BLOCKING).
Expected<bool> isBlocking(const DriverApi &api, uint64_t stream) {
  unsigned flags = 0;
  if (Error err = checkCuda(api, "cuStreamGetFlags",
                            api.cuStreamGetFlags(reinterpret_cast<CUstream>(stream), &flags)))
    return std::move(err);
  return (flags & CU_STREAM_NON_BLOCKING) == 0;
}

} // namespace

Error streamWaitFor(uint64_t consumer, uint64_t producer) {
  if (consumer == producer || (isDefault(consumer) && isDefault(producer)))
    return Error::success();
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  // The legacy default stream waits for, and is waited for by, every
  // blocking stream; the per-thread default stream is ordered only with it.
  uint64_t other = isLegacyDefault(producer) ? consumer : isLegacyDefault(consumer) ? producer : 0;
  if (other && !isDefault(other)) {
    Expected<bool> blocking = isBlocking(*api, other);
    if (!blocking)
      return blocking.takeError();
    if (*blocking)
      return Error::success();
  }
  // One event per device, recorded and waited for under the lock: a second
  // thread's record between the two calls would order the wrong work.
  static ForkSafeMutex lock;
  static std::map<int, CUevent> events;
  std::lock_guard<ForkSafeMutex> guard(lock);
  CUevent &event = events[selectedDevice()];
  if (!event) {
    if (Error err = checkCuda(*api, "cuEventCreate",
                              api->cuEventCreate(&event, CU_EVENT_DISABLE_TIMING))) {
      event = nullptr;
      return err;
    }
  }
  if (Error err = checkCuda(*api, "cuEventRecord",
                            api->cuEventRecord(event, reinterpret_cast<CUstream>(producer))))
    return err;
  return checkCuda(*api, "cuStreamWaitEvent",
                   api->cuStreamWaitEvent(reinterpret_cast<CUstream>(consumer), event, 0));
}

} // namespace pyjit::runtime
