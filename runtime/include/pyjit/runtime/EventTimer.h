//===- EventTimer.h - GPU timing with a pair of events ----------*- C++ -*-===//
//
// Measures GPU time between two points of a stream with CUDA events.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_EVENTTIMER_H
#define PYJIT_RUNTIME_EVENTTIMER_H

#include "llvm/Support/Error.h"

#include <memory>

namespace pyjit::runtime {

/// Two CUDA events recorded around work on a stream:
/// \code
///   auto timer = EventTimer::create();        // check the Expected
///   (*timer)->start(stream); ...launches...; (*timer)->stop(stream);
///   llvm::Expected<float> ms = (*timer)->elapsedMs();
/// \endcode
/// The destructor destroys the events and ignores errors.
class EventTimer {
public:
  /// Creates the two events (cuEventCreate, default flags).
  /// \returns the errors of currentDevice(); a CudaError naming
  /// cuEventCreate.
  static llvm::Expected<std::unique_ptr<EventTimer>> create();

  ~EventTimer();
  EventTimer(const EventTimer &) = delete;
  EventTimer &operator=(const EventTimer &) = delete;

  /// Records the start event on \p stream (a CUstream; null: default).
  /// \returns a CudaError naming cuEventRecord.
  llvm::Error start(void *stream = nullptr);

  /// Records the stop event on \p stream.
  /// \returns a CudaError naming cuEventRecord.
  llvm::Error stop(void *stream = nullptr);

  /// Waits for the stop event and returns the time between the two events
  /// in milliseconds (resolution about 0.5 microseconds).
  /// \returns a CudaError naming cuEventSynchronize or cuEventElapsedTime
  /// (CUDA_ERROR_INVALID_HANDLE if start or stop was not recorded).
  llvm::Expected<float> elapsedMs();

private:
  EventTimer(void *start, void *stop) : Start(start), Stop(stop) {}
  void *Start;
  void *Stop;
};

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_EVENTTIMER_H
