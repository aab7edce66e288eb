//===- Nvrtc.h - Compiling CUDA C++ with NVRTC ------------------*- C++ -*-===//
//
// The `.cu` files a kernel links (cuda.jit(link=[...]), declare_device's
// link=) are compiled to PTX with NVIDIA's runtime compiler, as numba.cuda
// does.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_RUNTIME_NVRTC_H
#define PYJIT_RUNTIME_NVRTC_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace pyjit::runtime {

/// Compiles CUDA C++ \p source (named \p name in messages) to relocatable
/// PTX for \p arch ("sm_90"): `-arch=<arch> -rdc=true`, the CUDA include
/// directory ($CUDA_HOME/include, else /usr/local/cuda/include) and \p
/// extraOptions. Needs no GPU: libnvrtc.so.13 is dlopened on first use from
/// $CUDA_HOME/lib64, /usr/local/cuda/lib64, then the default search path.
/// The process's stack limit (RLIMIT_STACK) is what it was before, also
/// after a fatal error, which NVRTC 13.0 leaves it unlimited after.
///
/// \returns the PTX; a LinkError naming nvrtcCompileProgram with NVRTC's
/// log (the file's errors, with their lines) on a compile error; a
/// LinkError with isLibraryMissing() ("NVRTC not found (...)") when the
/// library cannot be loaded.
llvm::Expected<std::string> compileCudaToPTX(llvm::StringRef source, llvm::StringRef name,
                                             llvm::StringRef arch,
                                             llvm::ArrayRef<std::string> extraOptions = {});

} // namespace pyjit::runtime

#endif
