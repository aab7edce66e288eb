//===- StderrCapture.h - What a library prints to stderr, captured --------===//
//
// nvJitLink reports some link errors (a symbol defined twice, a prototype
// that does not match its definition) only by printing "@E@error : ..."
// lines to stderr, and returns NVJITLINK_SUCCESS with empty logs (measured
// with CUDA 13.0). StderrCapture points file descriptor 2 at a temporary
// file for the life of a link, so the linker can read those lines and fail.
// Captures are serialized (the descriptor is the process's); what others
// print meanwhile is written back to stderr afterwards, delayed, not lost.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_LIB_STDERRCAPTURE_H
#define PYJIT_RUNTIME_LIB_STDERRCAPTURE_H

#include <mutex>
#include <string>

namespace pyjit::runtime {

class StderrCapture {
public:
  /// Starts capturing; if the descriptors cannot be set up, captures
  /// nothing (finish() returns "").
  StderrCapture();
  /// Stops capturing if finish() has not, writing what was captured back.
  ~StderrCapture();
  StderrCapture(const StderrCapture &) = delete;
  StderrCapture &operator=(const StderrCapture &) = delete;

  /// Stops capturing and returns what was written to stderr meanwhile.
  std::string finish();

private:
  std::unique_lock<std::mutex> lock;
  int saved = -1; // the original stderr, duplicated
  int file = -1;  // the temporary file's descriptor
};

/// Writes \p text to file descriptor 2 whole (retrying short writes); what
/// a capture passes on goes there, past the C library's buffering.
void writeToStderr(const std::string &text);

} // namespace pyjit::runtime

#endif
