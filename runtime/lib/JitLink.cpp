//===- JitLink.cpp - Linking device code with nvJitLink -------------------===//
//
// Loads libnvJitLink.so.13 with dlopen and links inputs into a cubin.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/JitLink.h"
#include "CudaLibrary.h"
#include "StderrCapture.h"
#include "llvm/Support/FileSystem.h"
#include "pyjit/runtime/LinkError.h"

#include "llvm/ADT/SmallVector.h"

#include <nvJitLink.h>

#include <dlfcn.h>

#include <cstdlib>
#include <optional>

using namespace llvm;

namespace pyjit::runtime {

namespace {

constexpr const char *JitLinkLibrary = "libnvJitLink.so.13";

/// The nvJitLink entry points. The header's nvJitLinkXxx are inline
/// wrappers around versioned symbols (__nvJitLinkXxx_13_0), which are what
/// the library exports for this API version; nvJitLinkVersion is not
/// versioned.
#define PYJIT_NVJITLINK_FUNCTIONS(X)                                           \
  X(create, __nvJitLinkCreate_13_0)                                            \
  X(destroy, __nvJitLinkDestroy_13_0)                                          \
  X(addData, __nvJitLinkAddData_13_0)                                          \
  X(complete, __nvJitLinkComplete_13_0)                                        \
  X(getLinkedCubinSize, __nvJitLinkGetLinkedCubinSize_13_0)                    \
  X(getLinkedCubin, __nvJitLinkGetLinkedCubin_13_0)                            \
  X(getErrorLogSize, __nvJitLinkGetErrorLogSize_13_0)                          \
  X(getErrorLog, __nvJitLinkGetErrorLog_13_0)                                  \
  X(version, nvJitLinkVersion)

struct JitLinkApi {
#define PYJIT_DECLARE_JITLINK_FUNCTION(member, symbol)                         \
  decltype(&::symbol) member = nullptr;
  PYJIT_NVJITLINK_FUNCTIONS(PYJIT_DECLARE_JITLINK_FUNCTION)
#undef PYJIT_DECLARE_JITLINK_FUNCTION
};

/// The outcome of loading libnvJitLink, computed once and never freed.
struct JitLinkLoader {
  JitLinkApi Api;
  bool Loaded = false;
  std::string Failure; ///< Why loading failed, when !Loaded.
};

JitLinkLoader *load() {
  auto *loader = new JitLinkLoader();
  void *handle = openCudaLibrary(JitLinkLibrary, loader->Failure);
  if (!handle)
    return loader;
#define PYJIT_RESOLVE_JITLINK_FUNCTION(member, symbol)                         \
  loader->Api.member = reinterpret_cast<decltype(loader->Api.member)>(         \
      ::dlsym(handle, #symbol));                                               \
  if (!loader->Api.member) {                                                   \
    loader->Failure = std::string(JitLinkLibrary) + " lacks " #symbol;         \
    return loader;                                                             \
  }
  PYJIT_NVJITLINK_FUNCTIONS(PYJIT_RESOLVE_JITLINK_FUNCTION)
#undef PYJIT_RESOLVE_JITLINK_FUNCTION
  loader->Loaded = true;
  return loader;
}

} // namespace

std::string nvJitLinkIdentity() {
  for (const std::string &path : cudaLibraryPaths(JitLinkLibrary)) {
    llvm::sys::fs::file_status st;
    if (path.find('/') == std::string::npos || llvm::sys::fs::status(path, st))
      continue;
    return path + ":" + std::to_string(st.getSize()) + ":" +
           std::to_string(llvm::sys::toTimeT(st.getLastModificationTime()));
  }
  return JitLinkLibrary;
}

namespace {

Expected<const JitLinkApi &> jitLinkApi() {
  static const JitLinkLoader *loader = load();
  if (LLVM_LIKELY(loader->Loaded))
    return loader->Api;
  return make_error<LinkError>(std::string("dlopen(") + JitLinkLibrary + ")",
                               LinkError::NoResult, loader->Failure);
}

nvJitLinkInputType inputType(LinkInput::Kind kind) {
  switch (kind) {
  case LinkInput::PTX:
    return NVJITLINK_INPUT_PTX;
  case LinkInput::Cubin:
    return NVJITLINK_INPUT_CUBIN;
  case LinkInput::LTOIR:
    return NVJITLINK_INPUT_LTOIR;
  case LinkInput::Fatbin:
    return NVJITLINK_INPUT_FATBIN;
  case LinkInput::Object:
    return NVJITLINK_INPUT_OBJECT;
  case LinkInput::Library:
    return NVJITLINK_INPUT_LIBRARY;
  }
  return NVJITLINK_INPUT_ANY;
}

/// Owns an nvJitLink handle and turns failures into LinkErrors.
class LinkSession {
public:
  explicit LinkSession(const JitLinkApi &api) : Api(api) {}
  ~LinkSession() {
    if (Handle)
      (void)Api.destroy(&Handle);
  }

  Error check(const char *call, nvJitLinkResult result) {
    if (LLVM_LIKELY(result == NVJITLINK_SUCCESS))
      return Error::success();
    return make_error<LinkError>(call, static_cast<int>(result), errorLog());
  }

  std::string errorLog() {
    size_t size = 0;
    if (!Handle || Api.getErrorLogSize(Handle, &size) != NVJITLINK_SUCCESS ||
        size == 0)
      return {};
    std::string log(size, '\0');
    if (Api.getErrorLog(Handle, log.data()) != NVJITLINK_SUCCESS)
      return {};
    return log;
  }

  const JitLinkApi &Api;
  nvJitLinkHandle Handle = nullptr;
};

/// A LinkError of the "@E@error ..." lines nvJitLink printed (StderrCapture.h)
/// while it returned success; the other lines (warnings) go to stderr.
Error printedErrors(const std::string &text) {
  std::string errors, others;
  for (StringRef rest = text; !rest.empty();) {
    auto [line, tail] = rest.split('\n');
    rest = tail;
    if (line.consume_front("@E@"))
      errors += line.str() + "\n";
    else
      others += line.str() + "\n";
  }
  if (others != "\n")
    writeToStderr(others);
  if (errors.empty())
    return Error::success();
  return make_error<LinkError>("nvJitLinkComplete", NVJITLINK_ERROR_INVALID_INPUT,
                               "(nvJitLink printed these errors and returned success)\n" +
                                   errors);
}

} // namespace

Expected<std::vector<char>> linkToCubin(ArrayRef<LinkInput> inputs,
                                        StringRef arch,
                                        ArrayRef<std::string> extraOptions) {
  Expected<const JitLinkApi &> api = jitLinkApi();
  if (!api)
    return api.takeError();

  std::vector<std::string> options;
  options.push_back(("-arch=" + arch).str());
  for (const LinkInput &input : inputs)
    if (input.kind == LinkInput::LTOIR) {
      options.push_back("-lto");
      break;
    }
  options.insert(options.end(), extraOptions.begin(), extraOptions.end());
  SmallVector<const char *, 8> optionPtrs;
  for (const std::string &option : options)
    optionPtrs.push_back(option.c_str());

  LinkSession session(*api);
  // nvJitLink prints some errors instead of returning them (StderrCapture.h).
  std::optional<StderrCapture> printed(std::in_place);
  if (Error err = session.check(
          "nvJitLinkCreate",
          api->create(&session.Handle, optionPtrs.size(), optionPtrs.data())))
    return std::move(err);

  for (const LinkInput &input : inputs) {
    ArrayRef<char> data = input.data;
    std::string terminated; // PTX is text; give it its terminator.
    if (input.kind == LinkInput::PTX && (data.empty() || data.back() != '\0')) {
      terminated.assign(data.begin(), data.end());
      data = ArrayRef<char>(terminated.c_str(), terminated.size() + 1);
    }
    if (Error err = session.check(
            "nvJitLinkAddData",
            api->addData(session.Handle, inputType(input.kind), data.data(),
                         data.size(), input.name.c_str())))
      return std::move(err);
  }

  if (Error err =
          session.check("nvJitLinkComplete", api->complete(session.Handle)))
    return std::move(err);
  if (Error err = printedErrors(printed->finish()))
    return std::move(err);
  printed.reset();

  size_t size = 0;
  if (Error err = session.check("nvJitLinkGetLinkedCubinSize",
                                api->getLinkedCubinSize(session.Handle, &size)))
    return std::move(err);
  std::vector<char> cubin(size);
  if (Error err =
          session.check("nvJitLinkGetLinkedCubin",
                        api->getLinkedCubin(session.Handle, cubin.data())))
    return std::move(err);
  return cubin;
}

Expected<std::pair<int, int>> nvJitLinkVersion() {
  Expected<const JitLinkApi &> api = jitLinkApi();
  if (!api)
    return api.takeError();
  unsigned major = 0, minor = 0;
  if (nvJitLinkResult r = api->version(&major, &minor); r != NVJITLINK_SUCCESS)
    return make_error<LinkError>("nvJitLinkVersion", static_cast<int>(r),
                                 std::string());
  return std::make_pair(static_cast<int>(major), static_cast<int>(minor));
}

} // namespace pyjit::runtime
