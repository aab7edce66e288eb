//===- Nvrtc.cpp - Compiling CUDA C++ with NVRTC --------------------------===//
//
// Loads libnvrtc.so.13 with dlopen (as JitLink.cpp loads nvJitLink) and
// compiles one source to PTX.
//
//===----------------------------------------------------------------------===//
#include "pyjit/runtime/Nvrtc.h"
#include "CudaLibrary.h"
#include "pyjit/runtime/LinkError.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallVector.h"

#include <nvrtc.h>

#include <dlfcn.h>
#include <sys/resource.h>

#include <cstdlib>

using namespace llvm;

namespace pyjit::runtime {

namespace {

constexpr const char *NvrtcLibrary = "libnvrtc.so.13";

#define PYJIT_NVRTC_FUNCTIONS(X)                                               \
  X(createProgram, nvrtcCreateProgram)                                         \
  X(destroyProgram, nvrtcDestroyProgram)                                       \
  X(compileProgram, nvrtcCompileProgram)                                       \
  X(getPTXSize, nvrtcGetPTXSize)                                               \
  X(getPTX, nvrtcGetPTX)                                                       \
  X(getProgramLogSize, nvrtcGetProgramLogSize)                                 \
  X(getProgramLog, nvrtcGetProgramLog)                                         \
  X(getErrorString, nvrtcGetErrorString)

struct NvrtcApi {
#define PYJIT_DECLARE_NVRTC_FUNCTION(member, symbol) decltype(&::symbol) member = nullptr;
  PYJIT_NVRTC_FUNCTIONS(PYJIT_DECLARE_NVRTC_FUNCTION)
#undef PYJIT_DECLARE_NVRTC_FUNCTION
};

struct NvrtcLoader {
  NvrtcApi Api;
  bool Loaded = false;
  std::string Failure;
};

std::string cudaHome() {
  const char *home = std::getenv("CUDA_HOME");
  return home && *home ? home : "/usr/local/cuda";
}

NvrtcLoader *load() {
  auto *loader = new NvrtcLoader(); // never freed: the library stays loaded
  void *handle = openCudaLibrary(NvrtcLibrary, loader->Failure);
  if (!handle)
    return loader;
#define PYJIT_RESOLVE_NVRTC_FUNCTION(member, symbol)                           \
  loader->Api.member = reinterpret_cast<decltype(loader->Api.member)>(::dlsym(handle, #symbol)); \
  if (!loader->Api.member) {                                                   \
    loader->Failure = std::string(NvrtcLibrary) + " lacks " #symbol;           \
    return loader;                                                             \
  }
  PYJIT_NVRTC_FUNCTIONS(PYJIT_RESOLVE_NVRTC_FUNCTION)
#undef PYJIT_RESOLVE_NVRTC_FUNCTION
  loader->Loaded = true;
  return loader;
}

Expected<const NvrtcApi &> nvrtcApi() {
  static const NvrtcLoader *loader = load();
  if (LLVM_LIKELY(loader->Loaded))
    return loader->Api;
  return make_error<LinkError>(std::string("dlopen(") + NvrtcLibrary + ")", LinkError::NoResult,
                               loader->Failure, "NVRTC");
}

} // namespace

Expected<std::string> compileCudaToPTX(StringRef source, StringRef name, StringRef arch,
                                       ArrayRef<std::string> extraOptions) {
  Expected<const NvrtcApi &> api = nvrtcApi();
  if (!api)
    return api.takeError();
  std::string src = source.str(), file = name.str();
  nvrtcProgram program = nullptr;
  auto fail = [&](const char *call, nvrtcResult r, std::string log) -> Error {
    return make_error<LinkError>(call, static_cast<int>(r), std::move(log),
                                 api->getErrorString(r));
  };
  if (nvrtcResult r = api->createProgram(&program, src.c_str(), file.c_str(), 0, nullptr,
                                         nullptr);
      r != NVRTC_SUCCESS)
    return fail("nvrtcCreateProgram", r, {});
  llvm::scope_exit destroy([&] { api->destroyProgram(&program); });
  std::vector<std::string> options{"-arch=" + arch.str(), "-rdc=true",
                                   "-I" + cudaHome() + "/include"};
  options.insert(options.end(), extraOptions.begin(), extraOptions.end());
  SmallVector<const char *, 8> argv;
  for (const std::string &o : options)
    argv.push_back(o.c_str());
  // NVRTC 13.0 raises the process's stack limit (RLIMIT_STACK) to unlimited
  // while it compiles and, after a fatal error ("cannot open source file"),
  // leaves it so (measured: 8 MiB before, unlimited after). The limit is
  // the process's: the main thread's stack and the CPU backend's recursion
  // check read it. Put it back.
  struct rlimit stackLimit;
  bool haveStackLimit = getrlimit(RLIMIT_STACK, &stackLimit) == 0;
  nvrtcResult compiled = api->compileProgram(program, static_cast<int>(argv.size()), argv.data());
  if (struct rlimit now; haveStackLimit && getrlimit(RLIMIT_STACK, &now) == 0 &&
                         (now.rlim_cur != stackLimit.rlim_cur || now.rlim_max != stackLimit.rlim_max))
    setrlimit(RLIMIT_STACK, &stackLimit);
  std::string log;
  size_t logSize = 0;
  if (api->getProgramLogSize(program, &logSize) == NVRTC_SUCCESS && logSize > 1) {
    log.resize(logSize);
    if (api->getProgramLog(program, log.data()) != NVRTC_SUCCESS)
      log.clear();
  }
  if (compiled != NVRTC_SUCCESS)
    return fail("nvrtcCompileProgram", compiled, std::move(log));
  size_t ptxSize = 0;
  if (nvrtcResult r = api->getPTXSize(program, &ptxSize); r != NVRTC_SUCCESS)
    return fail("nvrtcGetPTXSize", r, {});
  std::string ptx(ptxSize, '\0');
  if (nvrtcResult r = api->getPTX(program, ptx.data()); r != NVRTC_SUCCESS)
    return fail("nvrtcGetPTX", r, {});
  while (!ptx.empty() && ptx.back() == '\0')
    ptx.pop_back();
  return ptx;
}

} // namespace pyjit::runtime
