//===- PTXVersion.h - Choosing the PTX ISA version of a module ----------===//
//
// A PTX module declares `.version X.Y`; a consumer older than that version
// rejects it (CUDA_ERROR_UNSUPPORTED_PTX_VERSION from the driver, or an
// nvJitLink error). pyjit therefore declares the lowest version that is both
// new enough for the architecture and old enough for every consumer found
// at run time (nvJitLink and the driver).
//
// Sources: the PTX ISA reference, "Release Notes" (PTX version of each CUDA
// release) and "Target ISA Notes" (first PTX version of each sm_XX).
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_CODEGEN_PTXVERSION_H
#define PYJIT_CODEGEN_PTXVERSION_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace pyjit::codegen {

/// A PTX ISA version as major * 10 + minor (7.8 is 78, 9.0 is 90), the
/// spelling of LLVM's NVPTX `+ptxNN` features.
using PTXVersion = unsigned;

/// "7.8" for 78.
std::string formatPTXVersion(PTXVersion v);
/// Parses "7.8" (or "78"); std::nullopt if malformed.
std::optional<PTXVersion> parsePTXVersion(llvm::StringRef text);

/// The first PTX version that supports \p arch ("sm_90" -> 78, "sm_90a" ->
/// 80); std::nullopt for an architecture not in the table.
std::optional<PTXVersion> minimumPTXVersion(llvm::StringRef arch);
/// Every architecture that table knows ("sm_70", ..., "sm_100a", "sm_100f").
std::vector<llvm::StringRef> knownArchitectures();

/// The newest PTX version that CUDA \p major.\p minor (a toolkit, an
/// nvJitLink or a driver) accepts: 12.0 -> 80, 12.6 -> 85, 13.0 -> 90.
/// A release newer than the table maps to the newest version in it.
PTXVersion ptxVersionOfCuda(int major, int minor);

/// The newest `+ptxNN` feature LLVM's NVPTX backend knows (90 for LLVM 22).
PTXVersion newestLLVMPTXVersion();

/// The version to declare for \p arch. \p consumerCuda is the oldest CUDA
/// version that will read the PTX (min of nvJitLink's and the driver's): the
/// newest version both it and LLVM support is chosen. With none known, the
/// architecture's minimum (the most portable choice).
/// \p requested, when set, is used as is after checking it.
/// Errors: StringError when the arch is unknown to the table, when the
/// consumer is too old for the arch, or when \p requested is below the
/// arch's minimum or above what LLVM or the consumer supports.
llvm::Expected<PTXVersion> choosePTXVersion(llvm::StringRef arch,
                                            std::optional<std::pair<int, int>> consumerCuda,
                                            std::optional<PTXVersion> requested = std::nullopt);

} // namespace pyjit::codegen

#endif
