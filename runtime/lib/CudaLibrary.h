//===- CudaLibrary.h - Opening a CUDA toolkit library with dlopen -*- C++ -*-===//
//
// nvJitLink and NVRTC are found the same way: $CUDA_HOME/lib64, then
// /usr/local/cuda/lib64, then the default search path.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_RUNTIME_LIB_CUDALIBRARY_H
#define PYJIT_RUNTIME_LIB_CUDALIBRARY_H

#include "llvm/ADT/SmallVector.h"
#include <dlfcn.h>
#include <cstdlib>
#include <string>

namespace pyjit::runtime {

/// Where CUDA toolkit library \p name (e.g. "libnvrtc.so.13") is looked for,
/// in order.
inline llvm::SmallVector<std::string, 3> cudaLibraryPaths(const char *name) {
  llvm::SmallVector<std::string, 3> paths;
  if (const char *home = std::getenv("CUDA_HOME"); home && *home)
    paths.push_back(std::string(home) + "/lib64/" + name);
  paths.push_back(std::string("/usr/local/cuda/lib64/") + name);
  paths.push_back(name);
  return paths;
}

/// dlopen of the first of cudaLibraryPaths(name) that loads, or null with
/// \p failure saying why each did not ("<name> could not be loaded: ...").
inline void *openCudaLibrary(const char *name, std::string &failure) {
  std::string reasons;
  for (const std::string &path : cudaLibraryPaths(name)) {
    if (void *handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL))
      return handle;
    const char *why = ::dlerror();
    reasons += (reasons.empty() ? "" : "; ") + std::string(why ? why : path + ": unknown reason");
  }
  failure = std::string(name) + " could not be loaded: " + reasons;
  return nullptr;
}

} // namespace pyjit::runtime

#endif
