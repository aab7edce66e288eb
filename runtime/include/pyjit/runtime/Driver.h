//===- Driver.h - Lazily loaded CUDA driver ---------------------*- C++ -*-===//
//
// The CUDA driver (libcuda.so.1), opened with dlopen on first use.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_DRIVER_H
#define PYJIT_RUNTIME_DRIVER_H

#include "llvm/Support/Error.h"

#include <string>

namespace pyjit::runtime {

/// The table of driver entry points. It is defined in the private header
/// runtime/lib/DriverApi.h, which needs cuda.h; public headers keep it
/// opaque so that other layers build without CUDA headers.
struct DriverApi;

/// The process-wide CUDA driver. Nothing links against libcuda: the first
/// call to get() dlopens libcuda.so.1, resolves every entry point the runtime
/// uses and calls cuInit(0). The outcome, success or failure, is computed
/// once (thread-safe) and kept for the life of the process; the driver is
/// never unloaded, so handles stay usable while the process exits.
class Driver {
public:
  /// The loaded driver.
  ///
  /// \returns a CudaError with isDriverMissing() when libcuda.so.1 cannot be
  /// loaded (call "dlopen(libcuda.so.1)"), lacks a symbol (call
  /// "dlsym(<name>)"), or cuInit reports a stub library or no device; any
  /// other cuInit failure as a CudaError naming cuInit.
  static llvm::Expected<Driver &> get();

  /// True when get() succeeds. When it fails and \p reason is not null, the
  /// error message is stored there. Never fails.
  static bool isAvailable(std::string *reason = nullptr);

  /// The resolved entry points (see runtime/lib/DriverApi.h).
  const DriverApi &api() const { return *Api; }

  /// The driver's CUDA version as cuDriverGetVersion reports it, e.g. 13000
  /// for CUDA 13.0.
  int version() const { return Version; }

  /// True in a child process forked after this process loaded the driver
  /// (a pthread_atfork handler sets it). CUDA does not carry a context
  /// across fork(): the child may use none of its parent's contexts,
  /// memory, modules or streams (CUDA Programming Guide, "Multiprocessing
  /// with fork"). One relaxed atomic load; never fails.
  static bool forkedAfterInit();

  /// The error every device operation of such a child returns: a CudaError
  /// with code() CUDA_ERROR_NOT_INITIALIZED whose message begins "CUDA
  /// initialized before forking" (numba-cuda's words), names both pids and
  /// says to start workers with the 'spawn' or 'forkserver' method.
  static llvm::Error forkedError();

  Driver(const Driver &) = delete;
  Driver &operator=(const Driver &) = delete;

private:
  Driver(const DriverApi *api, int version) : Api(api), Version(version) {}
  friend struct DriverLoader;

  const DriverApi *Api;
  int Version;
};

/// The driver's CUDA version (1000 * major + 10 * minor), e.g. 13000.
/// \returns the errors of Driver::get().
llvm::Expected<int> driverVersion();

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_DRIVER_H
