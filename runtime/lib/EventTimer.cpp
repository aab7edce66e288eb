//===- EventTimer.cpp - GPU timing with a pair of events ------------------===//
//
// Two CUDA events recorded on a stream and the time between them.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/EventTimer.h"
#include "DriverApi.h"

using namespace llvm;

namespace pyjit::runtime {

Expected<std::unique_ptr<EventTimer>> EventTimer::create() {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  CUevent start = nullptr, stop = nullptr;
  if (Error err = checkCuda(*api, "cuEventCreate",
                            api->cuEventCreate(&start, CU_EVENT_DEFAULT)))
    return std::move(err);
  if (CUresult r = api->cuEventCreate(&stop, CU_EVENT_DEFAULT);
      r != CUDA_SUCCESS) {
    (void)api->cuEventDestroy(start);
    return makeCudaError(*api, "cuEventCreate", r);
  }
  return std::unique_ptr<EventTimer>(new EventTimer(start, stop));
}

EventTimer::~EventTimer() {
  Expected<const DriverApi &> api = contextApi();
  if (!api) {
    consumeError(api.takeError());
    return;
  }
  (void)api->cuEventDestroy(static_cast<CUevent>(Start));
  (void)api->cuEventDestroy(static_cast<CUevent>(Stop));
}

static Error record(void *event, void *stream) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuEventRecord",
                   api->cuEventRecord(static_cast<CUevent>(event),
                                      static_cast<CUstream>(stream)));
}

Error EventTimer::start(void *stream) { return record(Start, stream); }

Error EventTimer::stop(void *stream) { return record(Stop, stream); }

Expected<float> EventTimer::elapsedMs() {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  if (Error err =
          checkCuda(*api, "cuEventSynchronize",
                    api->cuEventSynchronize(static_cast<CUevent>(Stop))))
    return std::move(err);
  float ms = 0.0f;
  if (Error err =
          checkCuda(*api, "cuEventElapsedTime",
                    api->cuEventElapsedTime(&ms, static_cast<CUevent>(Start),
                                            static_cast<CUevent>(Stop))))
    return std::move(err);
  return ms;
}

} // namespace pyjit::runtime
