//===- LinkError.h - Error from an nvJitLink call ---------------*- C++ -*-===//
//
// An nvJitLink failure as an llvm::Error: the call, its result and the log.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_LINKERROR_H
#define PYJIT_RUNTIME_LINKERROR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace pyjit::runtime {

/// A failed nvJitLink (or NVRTC) call, or the absence of the library.
///
/// The message reads `<call> failed: <RESULT_NAME>` followed, when the log is
/// not empty, by a newline and nvJitLink's error log. When libnvJitLink.so.13
/// cannot be loaded, call() is `dlopen(libnvJitLink.so.13)`, code() is
/// NoResult, log() holds the loader's reasons and the message reads
/// `nvJitLink not found (<reasons>)`.
class LinkError : public llvm::ErrorInfo<LinkError> {
public:
  static char ID;

  /// code() of an error that no nvJitLink call returned.
  static constexpr int NoResult = -1;

  /// \p call is e.g. "nvJitLinkComplete"; \p code the nvJitLinkResult;
  /// \p log nvJitLink's error log (may be empty). Another library's error
  /// gives \p name: its result's name (NVRTC's "NVRTC_ERROR_COMPILATION"),
  /// or with NoResult the library's name ("NVRTC not found (...)").
  LinkError(std::string call, int code, std::string log, std::string name = {});

  /// The nvJitLink entry point that failed, e.g. "nvJitLinkComplete".
  llvm::StringRef call() const { return Call; }
  /// The nvJitLinkResult value, or NoResult.
  int code() const { return Code; }
  /// The nvJitLinkResult's enumerator name, e.g. "NVJITLINK_ERROR_PTX_COMPILE".
  llvm::StringRef resultName() const;
  /// nvJitLink's error log for this link (may be empty).
  llvm::StringRef log() const { return Log; }
  /// True when libnvJitLink.so.13 could not be loaded or lacks a symbol.
  bool isLibraryMissing() const { return Code == NoResult; }

  std::string message() const override;
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

private:
  std::string Call;
  int Code;
  std::string Log;
  std::string Name;
};

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_LINKERROR_H
