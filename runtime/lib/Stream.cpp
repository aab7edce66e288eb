//===- Stream.cpp - CUDA streams ------------------------------------------===//
//
// Creating, synchronizing and destroying CUDA streams.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/Stream.h"
#include "DriverApi.h"

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

} // namespace pyjit::runtime
