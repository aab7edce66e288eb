//===- PTXVersion.cpp - Choosing the PTX ISA version of a module --------===//
#include "pyjit/codegen/PTXVersion.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Triple.h"
#include <algorithm>
#include <mutex>

using namespace pyjit::codegen;

std::string pyjit::codegen::formatPTXVersion(PTXVersion v) {
  return std::to_string(v / 10) + "." + std::to_string(v % 10);
}

std::optional<PTXVersion> pyjit::codegen::parsePTXVersion(llvm::StringRef text) {
  auto [major, minor] = text.trim().split('.');
  unsigned a = 0, b = 0;
  if (minor.empty()) {
    // "78" spelling.
    if (major.getAsInteger(10, a) || a < 10 || a > 99)
      return std::nullopt;
    return a;
  }
  if (major.getAsInteger(10, a) || minor.getAsInteger(10, b) || a == 0 || a > 99 || b > 9)
    return std::nullopt;
  return a * 10 + b;
}

// PTX ISA, "Target ISA Notes": the PTX version that introduced each target
// (the family-specific "f" targets came with PTX ISA 8.8, sm_110f with 9.0,
// as LLVM's NVPTX.td has them).
static const std::pair<const char *, PTXVersion> kTargets[] = {
    {"sm_70", 60},  {"sm_72", 61},  {"sm_75", 63},  {"sm_80", 70},  {"sm_86", 71},
    {"sm_87", 74},  {"sm_89", 78},  {"sm_90", 78},  {"sm_90a", 80},
    {"sm_100", 86}, {"sm_100a", 86}, {"sm_100f", 88}, {"sm_101", 86}, {"sm_101a", 86},
    {"sm_101f", 88}, {"sm_103", 88}, {"sm_103a", 88}, {"sm_103f", 88}, {"sm_110", 90},
    {"sm_110a", 90}, {"sm_110f", 90}, {"sm_120", 87}, {"sm_120a", 87}, {"sm_120f", 88},
    {"sm_121", 88}, {"sm_121a", 88}, {"sm_121f", 88},
};

std::optional<PTXVersion> pyjit::codegen::minimumPTXVersion(llvm::StringRef arch) {
  for (const auto &[name, version] : kTargets)
    if (arch == name)
      return version;
  return std::nullopt;
}

std::vector<llvm::StringRef> pyjit::codegen::knownArchitectures() {
  std::vector<llvm::StringRef> out;
  for (const auto &target : kTargets)
    out.push_back(target.first);
  return out;
}

PTXVersion pyjit::codegen::ptxVersionOfCuda(int major, int minor) {
  // PTX ISA, "Release Notes": the PTX version each CUDA release introduced.
  static const struct { int major, minor; PTXVersion ptx; } table[] = {
      {11, 0, 70}, {11, 1, 71}, {11, 2, 72}, {11, 3, 73}, {11, 4, 74}, {11, 5, 75},
      {11, 6, 76}, {11, 7, 77}, {11, 8, 78}, {12, 0, 80}, {12, 1, 81}, {12, 2, 82},
      {12, 3, 83}, {12, 4, 84}, {12, 5, 85}, {12, 6, 85}, {12, 7, 86}, {12, 8, 87},
      {12, 9, 88}, {13, 0, 90},
  };
  PTXVersion best = 0;
  for (const auto &row : table)
    if (std::make_pair(row.major, row.minor) <= std::make_pair(major, minor))
      best = row.ptx;
  if (best == 0) // older than CUDA 11: PTX 6.x at most; 6.0 is CUDA 9.0
    return 60;
  if (std::make_pair(major, minor) > std::make_pair(13, 0))
    return std::max(best, newestLLVMPTXVersion());
  return best;
}

PTXVersion pyjit::codegen::newestLLVMPTXVersion() {
  static PTXVersion newest = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
    llvm::Triple triple("nvptx64-nvidia-cuda");
    std::string error;
    const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
    PTXVersion best = 78; // LLVM's default for sm_90 if the table cannot be read
    if (!target)
      return best;
    std::unique_ptr<llvm::MCSubtargetInfo> info(
        target->createMCSubtargetInfo(triple, "sm_70", ""));
    if (!info)
      return best;
    for (const llvm::SubtargetFeatureKV &kv : info->getAllProcessorFeatures()) {
      llvm::StringRef key(kv.Key);
      unsigned v = 0;
      if (key.consume_front("ptx") && !key.getAsInteger(10, v))
        best = std::max(best, v);
    }
    return best;
  }();
  return newest;
}

llvm::Expected<PTXVersion>
pyjit::codegen::choosePTXVersion(llvm::StringRef arch,
                                 std::optional<std::pair<int, int>> consumerCuda,
                                 std::optional<PTXVersion> requested) {
  auto error = [](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  std::optional<PTXVersion> minimum = minimumPTXVersion(arch);
  if (!minimum) {
    // sm_50 .. sm_62 (Maxwell, Pascal): CUDA 13 compiles for none of them.
    unsigned number = 0;
    llvm::StringRef digits = arch;
    bool older = digits.consume_front("sm_") && !digits.getAsInteger(10, number) && number < 70;
    return error("no PTX ISA version is known for architecture '" + arch + "'" +
                 (older ? ": pyjit compiles for sm_70 and newer GPUs (Volta on; CUDA 13 "
                          "builds nothing older than sm_75)"
                        : ": pyjit knows " + llvm::join(knownArchitectures(), ", ")));
  }
  PTXVersion newest = newestLLVMPTXVersion();
  if (consumerCuda) {
    PTXVersion cap = ptxVersionOfCuda(consumerCuda->first, consumerCuda->second);
    if (cap < *minimum)
      return error(arch + " needs PTX ISA " + formatPTXVersion(*minimum) + " but CUDA " +
                   llvm::Twine(consumerCuda->first) + "." + llvm::Twine(consumerCuda->second) +
                   " (nvJitLink or the driver) reads at most PTX ISA " + formatPTXVersion(cap));
    newest = std::min(newest, cap);
  }
  if (requested) {
    if (*requested < *minimum)
      return error("PTX ISA " + formatPTXVersion(*requested) + " is older than " + arch +
                   " allows (at least " + formatPTXVersion(*minimum) + ")");
    if (*requested > newest)
      return error("PTX ISA " + formatPTXVersion(*requested) + " is newer than " +
                   (consumerCuda ? "nvJitLink or the driver" : "LLVM") + " supports (at most " +
                   formatPTXVersion(newest) + ")");
    return *requested;
  }
  if (*minimum > newest)
    return error(arch + " needs PTX ISA " + formatPTXVersion(*minimum) +
                 " which this LLVM cannot emit (at most " + formatPTXVersion(newest) + ")");
  // A known consumer reads anything up to its version: the newest lets LLVM
  // use every instruction it knows. Unknown: the arch's first version.
  return consumerCuda ? newest : *minimum;
}
