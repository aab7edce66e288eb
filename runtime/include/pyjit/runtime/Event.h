//===- Event.h - Single CUDA events (numba's cuda.event) -----------------===//
#ifndef PYJIT_RUNTIME_EVENT_H
#define PYJIT_RUNTIME_EVENT_H

#include "llvm/Support/Error.h"

namespace pyjit::runtime {

/// Creates a CUDA event with timing enabled (a CUevent handle).
/// \returns a CudaError naming cuEventCreate.
llvm::Expected<void *> eventCreate();
/// Destroys an event; errors are ignored (used at teardown).
void eventDestroy(void *event);
/// Records `event` on `stream` (null: the default stream).
/// \returns a CudaError naming cuEventRecord.
llvm::Error eventRecord(void *event, void *stream);
/// Makes work queued on \p stream after this call wait for the work before
/// \p event's last record (cuStreamWaitEvent); the host does not wait.
/// \returns a CudaError naming cuStreamWaitEvent.
llvm::Error eventWaitOnStream(void *event, void *stream);
/// Waits until the work before the event's record has finished.
/// \returns a CudaError naming cuEventSynchronize.
llvm::Error eventSynchronize(void *event);

/// Whether the work before \p event's last record has finished
/// (cuEventQuery). \returns a CudaError naming cuEventQuery for an error
/// other than "not ready".
llvm::Expected<bool> eventQuery(void *event);
/// Milliseconds between two recorded events (waits for `stop`).
/// \returns a CudaError naming cuEventElapsedTime.
llvm::Expected<float> eventElapsedMs(void *start, void *stop);

} // namespace pyjit::runtime

#endif
