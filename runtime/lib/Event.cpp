//===- Event.cpp - Single CUDA events -------------------------------------===//
#include "pyjit/runtime/Event.h"
#include "DriverApi.h"

using namespace llvm;

namespace pyjit::runtime {

Expected<void *> eventCreate() {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  CUevent event = nullptr;
  if (Error err = checkCuda(*api, "cuEventCreate", api->cuEventCreate(&event, CU_EVENT_DEFAULT)))
    return std::move(err);
  return static_cast<void *>(event);
}

void eventDestroy(void *event) {
  Expected<const DriverApi &> api = contextApi();
  if (!api) {
    consumeError(api.takeError());
    return;
  }
  (void)api->cuEventDestroy(static_cast<CUevent>(event));
}

Error eventRecord(void *event, void *stream) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuEventRecord",
                   api->cuEventRecord(static_cast<CUevent>(event), static_cast<CUstream>(stream)));
}

Expected<bool> eventQuery(void *event) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return queryResult(*api, "cuEventQuery", api->cuEventQuery(static_cast<CUevent>(event)));
}

Error eventWaitOnStream(void *event, void *stream) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuStreamWaitEvent",
                   api->cuStreamWaitEvent(static_cast<CUstream>(stream),
                                          static_cast<CUevent>(event), 0));
}

Error eventSynchronize(void *event) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkAfterLaunch(*api, "cuEventSynchronize",
                          api->cuEventSynchronize(static_cast<CUevent>(event)));
}

Expected<float> eventElapsedMs(void *start, void *stop) {
  if (Error err = eventSynchronize(stop))
    return std::move(err);
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  float ms = 0;
  if (Error err = checkCuda(*api, "cuEventElapsedTime",
                            api->cuEventElapsedTime(&ms, static_cast<CUevent>(start),
                                                    static_cast<CUevent>(stop))))
    return std::move(err);
  return ms;
}

} // namespace pyjit::runtime
