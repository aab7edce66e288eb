//===- JitLink.h - Linking device code with nvJitLink -----------*- C++ -*-===//
//
// Links PTX, cubins, LTO-IR and libraries into one cubin with nvJitLink.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_JITLINK_H
#define PYJIT_RUNTIME_JITLINK_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace pyjit::runtime {

/// One input of a link, held in memory.
struct LinkInput {
  enum Kind { PTX, Cubin, LTOIR, Fatbin, Object, Library };
  Kind kind;
  /// The bytes; PTX need not be null-terminated (it is copied if not).
  llvm::ArrayRef<char> data;
  /// A name for nvJitLink's messages, e.g. "kernel.ptx".
  std::string name;
};

/// Links \p inputs into a cubin for \p arch (e.g. "sm_90"). Passes
/// `-arch=<arch>`, `-lto` when some input is LTOIR, then \p extraOptions
/// (e.g. "-O3", "-lineinfo"). Needs no GPU and no driver: libnvJitLink.so.13
/// is dlopened on first use from $CUDA_HOME/lib64, /usr/local/cuda/lib64,
/// then the default search path.
///
/// \returns the cubin (an ELF image); a LinkError with isLibraryMissing()
/// when libnvJitLink cannot be loaded; a LinkError naming the failing
/// nvJitLink call (usually nvJitLinkComplete) with nvJitLink's error log.
llvm::Expected<std::vector<char>>
linkToCubin(llvm::ArrayRef<LinkInput> inputs, llvm::StringRef arch,
            llvm::ArrayRef<std::string> extraOptions = {});

/// The version of the loaded libnvJitLink as (major, minor), e.g. (13, 0).
/// \returns a LinkError with isLibraryMissing(), or one naming
/// nvJitLinkVersion.
llvm::Expected<std::pair<int, int>> nvJitLinkVersion();

/// "path:size:mtime" of the libnvJitLink file that loading would pick (the
/// first candidate that exists), without loading it: dlopen of the ~100 MB
/// library costs milliseconds that a kernel-cache hit does not need. The
/// bare library name when no candidate path exists. Never fails.
std::string nvJitLinkIdentity();

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_JITLINK_H
