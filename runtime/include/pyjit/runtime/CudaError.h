//===- CudaError.h - Error from a CUDA driver call --------------*- C++ -*-===//
//
// A CUDA driver failure as an llvm::Error: the call, its CUresult, and context.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_CUDAERROR_H
#define PYJIT_RUNTIME_CUDAERROR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace pyjit::runtime {

/// A failed CUDA driver call, or the absence of a usable driver.
///
/// The message reads `<call> failed[ for <context>]: <name> (<description>)`,
/// e.g. `cuLaunchKernel failed for kernel 'saxpy': CUDA_ERROR_INVALID_VALUE
/// (invalid argument)`. When libcuda.so.1 cannot be loaded, call() is
/// `dlopen(libcuda.so.1)`, code() is NoResult and the message reads
/// `no CUDA driver found (<dlerror>)`, dlerror() naming libcuda.so.1.
class CudaError : public llvm::ErrorInfo<CudaError> {
public:
  static char ID;

  /// code() of an error that no driver call returned (driver not loadable).
  static constexpr int NoResult = -1;

  /// A failed driver call. \p code is the CUresult; \p name and
  /// \p description come from cuGetErrorName / cuGetErrorString; \p context
  /// is an optional phrase such as "kernel 'saxpy'".
  CudaError(std::string call, int code, std::string name,
            std::string description, std::string context = {});

  /// The "no driver" error: libcuda.so.1 could not be loaded or lacks a
  /// symbol. \p call is e.g. "dlopen(libcuda.so.1)"; \p reason completes
  /// the sentence "no CUDA driver found (<reason>)".
  static CudaError driverMissing(std::string call, std::string reason);

  /// An error no single driver call explains, with code() \p code (a
  /// CUresult) and \p text as the whole message; call() is \p call. Used
  /// for a process forked after the driver's load (Driver::forkedError).
  static CudaError withMessage(std::string call, int code, std::string text);

  /// The driver entry point that failed, e.g. "cuLaunchKernel".
  llvm::StringRef call() const { return Call; }
  /// The CUresult value, or NoResult when no call returned one.
  int code() const { return Code; }
  /// The CUresult's name, e.g. "CUDA_ERROR_INVALID_VALUE" (may be empty).
  llvm::StringRef name() const { return Name; }
  /// The CUresult's description, e.g. "invalid argument" (may be empty).
  llvm::StringRef description() const { return Description; }
  /// The optional context phrase, e.g. "kernel 'saxpy'".
  llvm::StringRef context() const { return Context; }

  /// True when no usable driver exists on this machine: libcuda.so.1 could
  /// not be loaded or lacks a symbol, or cuInit reported a stub library
  /// (CUDA_ERROR_STUB_LIBRARY) or no device (CUDA_ERROR_NO_DEVICE).
  bool isDriverMissing() const;

  /// The full one-line message described above.
  std::string message() const override;
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

private:
  std::string Call;
  int Code;
  std::string Name;
  std::string Description;
  std::string Context;
  std::string MissingReason; ///< Non-empty only for driverMissing().
  std::string Text;          ///< Non-empty only for withMessage().
};

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_CUDAERROR_H
