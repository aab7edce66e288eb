//===- Stream.h - CUDA streams ----------------------------------*- C++ -*-===//
//
// Creating, synchronizing and destroying CUDA streams (opaque CUstream).
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_STREAM_H
#define PYJIT_RUNTIME_STREAM_H

#include "llvm/Support/Error.h"

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

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_STREAM_H
