//===- Driver.cpp - Lazily loaded CUDA driver -----------------------------===//
//
// Opens libcuda.so.1 with dlopen, resolves the entry points and runs cuInit.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/Driver.h"
#include "DriverApi.h"
#include "pyjit/runtime/CudaError.h"

#include <dlfcn.h>
#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <optional>

using namespace llvm;

namespace pyjit::runtime {

// Stringizes after macro expansion: cuMemAlloc -> "cuMemAlloc_v2".
#define PYJIT_STRINGIFY_EXPANDED(x) PYJIT_STRINGIFY(x)
#define PYJIT_STRINGIFY(x) #x

static constexpr const char *DriverLibrary = "libcuda.so.1";

/// Set in the child of a fork() that follows the driver's load.
static std::atomic<bool> ForkedChild{false};
/// The pid of the process that loaded the driver, for the child's message.
static pid_t LoaderPid = 0;

static void markForkedChild() { ForkedChild.store(true, std::memory_order_relaxed); }

/// The outcome of loading the driver, computed once.
struct DriverLoader {
  Driver *Loaded = nullptr;
  std::optional<CudaError> Failure;

  static const DriverLoader &instance() {
    // Never destroyed: modules and buffers may be freed during exit.
    static const DriverLoader *loader = new DriverLoader(load());
    return *loader;
  }

  static DriverLoader fail(CudaError err) {
    DriverLoader result;
    result.Failure.emplace(std::move(err));
    return result;
  }

  static DriverLoader load() {
    void *handle = ::dlopen(DriverLibrary, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char *why = ::dlerror();
      // dlerror() names the library ("libcuda.so.1: cannot open shared
      // object file: ...").
      return fail(CudaError::driverMissing(
          std::string("dlopen(") + DriverLibrary + ")",
          why ? std::string(why)
              : std::string(DriverLibrary) + " could not be loaded"));
    }

    auto *api = new DriverApi();
    const char *missing = nullptr;
#define PYJIT_RESOLVE_DRIVER_FUNCTION(fn)                                      \
  api->fn = reinterpret_cast<decltype(api->fn)>(                               \
      ::dlsym(handle, PYJIT_STRINGIFY_EXPANDED(fn)));                          \
  if (!api->fn && !missing)                                                    \
    missing = PYJIT_STRINGIFY_EXPANDED(fn);
    PYJIT_CUDA_DRIVER_FUNCTIONS(PYJIT_RESOLVE_DRIVER_FUNCTION)
#undef PYJIT_RESOLVE_DRIVER_FUNCTION
    if (missing) {
      delete api;
      return fail(
          CudaError::driverMissing(std::string("dlsym(") + missing + ")",
                                   std::string(DriverLibrary) + " lacks " +
                                       missing + "; the driver is too old"));
    }

    if (CUresult r = api->cuInit(0); r != CUDA_SUCCESS)
      return fromError(makeCudaError(*api, "cuInit", r));
    int version = 0;
    if (CUresult r = api->cuDriverGetVersion(&version); r != CUDA_SUCCESS)
      return fromError(makeCudaError(*api, "cuDriverGetVersion", r));

    DriverLoader result;
    result.Loaded = new Driver(api, version);
    // From here on a fork()ed child inherits a loaded driver whose contexts
    // it cannot use; the handler lets every device operation say so.
    LoaderPid = ::getpid();
    ::pthread_atfork(nullptr, nullptr, markForkedChild);
    return result;
  }

  /// Keeps \p err (a CudaError) as the lasting failure. The function table
  /// is leaked: it is small, and the library stays loaded anyway.
  static DriverLoader fromError(Error err) {
    DriverLoader result;
    handleAllErrors(std::move(err),
                    [&](const CudaError &e) { result.Failure.emplace(e); });
    return result;
  }
};

Expected<Driver &> Driver::get() {
  const DriverLoader &loader = DriverLoader::instance();
  if (LLVM_LIKELY(loader.Loaded != nullptr))
    return *loader.Loaded;
  return make_error<CudaError>(*loader.Failure);
}

bool Driver::forkedAfterInit() { return ForkedChild.load(std::memory_order_relaxed); }

Error Driver::forkedError() {
  return make_error<CudaError>(CudaError::withMessage(
      "fork()", CUDA_ERROR_NOT_INITIALIZED,
      "CUDA initialized before forking: process " + std::to_string(LoaderPid) +
          " used the GPU and then forked this process (" + std::to_string(::getpid()) +
          "), which cannot use its parent's CUDA context, device arrays or kernels; "
          "start worker processes with multiprocessing's 'spawn' or 'forkserver' "
          "method (multiprocessing.get_context('spawn')), or fork before the first "
          "use of the GPU"));
}

bool Driver::isAvailable(std::string *reason) {
  Expected<Driver &> driver = get();
  if (driver)
    return true;
  std::string message = toString(driver.takeError());
  if (reason)
    *reason = std::move(message);
  return false;
}

Expected<int> driverVersion() {
  Expected<Driver &> driver = Driver::get();
  if (!driver)
    return driver.takeError();
  return driver->version();
}

} // namespace pyjit::runtime
