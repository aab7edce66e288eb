//===- LinkError.cpp - Error from an nvJitLink call -----------------------===//
//
// LinkError's message and the names of nvJitLinkResult values.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/LinkError.h"

#include "llvm/Support/raw_ostream.h"

#include <iterator>

using namespace llvm;

namespace pyjit::runtime {

char LinkError::ID = 0;

LinkError::LinkError(std::string call, int code, std::string log, std::string name)
    : Call(std::move(call)), Code(code), Log(std::move(log)), Name(std::move(name)) {
  // nvJitLink logs end in newlines; the message adds its own.
  while (!Log.empty() && (Log.back() == '\n' || Log.back() == '\0'))
    Log.pop_back();
}

StringRef LinkError::resultName() const {
  // In the order of nvJitLinkResult in nvJitLink.h (CUDA 13.0).
  static constexpr const char *Names[] = {
      "NVJITLINK_SUCCESS",
      "NVJITLINK_ERROR_UNRECOGNIZED_OPTION",
      "NVJITLINK_ERROR_MISSING_ARCH",
      "NVJITLINK_ERROR_INVALID_INPUT",
      "NVJITLINK_ERROR_PTX_COMPILE",
      "NVJITLINK_ERROR_NVVM_COMPILE",
      "NVJITLINK_ERROR_INTERNAL",
      "NVJITLINK_ERROR_THREADPOOL",
      "NVJITLINK_ERROR_UNRECOGNIZED_INPUT",
      "NVJITLINK_ERROR_FINALIZE",
      "NVJITLINK_ERROR_NULL_INPUT",
      "NVJITLINK_ERROR_INCOMPATIBLE_OPTIONS",
      "NVJITLINK_ERROR_INCORRECT_INPUT_TYPE",
      "NVJITLINK_ERROR_ARCH_MISMATCH",
      "NVJITLINK_ERROR_OUTDATED_LIBRARY",
      "NVJITLINK_ERROR_MISSING_FATBIN",
      "NVJITLINK_ERROR_UNRECOGNIZED_ARCH",
      "NVJITLINK_ERROR_UNSUPPORTED_ARCH",
      "NVJITLINK_ERROR_LTO_NOT_ENABLED",
  };
  if (Code == NoResult)
    return "library not loaded";
  if (!Name.empty())
    return Name;
  if (Code < 0 || Code >= static_cast<int>(std::size(Names)))
    return "NVJITLINK_ERROR_UNKNOWN";
  return Names[Code];
}

std::string LinkError::message() const {
  std::string text;
  raw_string_ostream os(text);
  log(os);
  return text;
}

void LinkError::log(raw_ostream &os) const {
  if (Code == NoResult)
    os << (Name.empty() ? "nvJitLink" : Name) << " not found (" << Log << ")";
  else
    os << Call << " failed: " << resultName();
  if (Code != NoResult && !Log.empty())
    os << "\n" << Log;
}

std::error_code LinkError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

} // namespace pyjit::runtime
