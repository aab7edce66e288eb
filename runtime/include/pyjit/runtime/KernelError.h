//===- KernelError.h - A kernel failed while running on the CPU backend ---===//
//
// What the CPU backend's runner finds wrong with a launch or a running
// kernel: a launch configuration it refuses, threads of a block waiting at
// different barriers or at a barrier some threads never reach (debug mode),
// a warp collective waiting for lanes that wait at a barrier. The Python
// layer raises pyjit.KernelError with the message.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_RUNTIME_KERNELERROR_H
#define PYJIT_RUNTIME_KERNELERROR_H

#include "llvm/Support/Error.h"
#include <string>

namespace pyjit::runtime {

class KernelError : public llvm::ErrorInfo<KernelError> {
public:
  static char ID;
  explicit KernelError(std::string message) : text(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override { os << text; }
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }
  std::string message() const override { return text; }

private:
  std::string text;
};

} // namespace pyjit::runtime

#endif
