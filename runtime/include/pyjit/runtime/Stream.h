//===- Stream.h - CUDA streams ----------------------------------*- C++ -*-===//
//
// Creating, synchronizing and destroying CUDA streams (opaque CUstream).
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_STREAM_H
#define PYJIT_RUNTIME_STREAM_H

#include "llvm/Support/Error.h"
#include <cstdint>

namespace pyjit::runtime {

// Each function makes the primary context current first and so may return
// the errors of currentDevice(). A null stream is the legacy default stream.

/// Creates a stream that does not synchronize with the default stream
/// (CU_STREAM_NON_BLOCKING) when \p nonBlocking, else a default one.
/// \returns a CudaError naming cuStreamCreate.
llvm::Expected<void *> streamCreate(bool nonBlocking = false);

/// Destroys \p stream (cuStreamDestroy); work already queued still runs.
/// \returns a CudaError naming cuStreamDestroy.
llvm::Error streamDestroy(void *stream);

/// Waits for all work queued on \p stream (cuStreamSynchronize).
/// \returns a CudaError naming cuStreamSynchronize.
llvm::Error streamSynchronize(void *stream);

/// Whether all work queued on \p stream has finished (cuStreamQuery).
/// \returns a CudaError naming cuStreamQuery (with the last kernel, as
/// streamSynchronize) for an error other than "not ready".
llvm::Expected<bool> streamQuery(void *stream);

/// Calls \p callback(\p data, status) on a driver thread once the work
/// queued on \p stream before this call has finished (cuStreamAddCallback);
/// status is 0 or the stream's error (a CUresult). The callback must not
/// call CUDA. \returns a CudaError naming cuStreamAddCallback.
llvm::Error streamAddCallback(void *stream, void (*callback)(void *data, int status),
                              void *data);

/// Makes work queued on \p consumer after this call wait for the work queued
/// on \p producer before it, as a consumer of another library's array must
/// (CUDA Array Interface v3, "Synchronization"; DLPack 1.3's
/// DLPackCurrentWorkStream). Handles are CUstream values: 0 or 1 the legacy
/// default stream (CU_STREAM_LEGACY), 2 the per-thread default stream.
///
/// Nothing is queued when CUDA orders the two streams already: the same
/// stream; two default streams; the legacy default stream and a blocking
/// stream (CUDA Programming Guide, "Implicit Synchronization";
/// cuStreamGetFlags tells). Otherwise a per-device event without timing is
/// recorded on \p producer (cuEventRecord) and waited for on \p consumer
/// (cuStreamWaitEvent): the host does not wait.
/// \returns a CudaError naming cuStreamGetFlags, cuEventCreate,
/// cuEventRecord or cuStreamWaitEvent.
llvm::Error streamWaitFor(uint64_t consumer, uint64_t producer);

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_STREAM_H
