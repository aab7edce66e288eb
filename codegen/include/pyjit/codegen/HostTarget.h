//===- HostTarget.h - The CPU backend's LLVM target ---------------------===//
//
// The machine pyjit runs on, for the CPU backend: kernels are emitted with
// EmitOptions::host, wrapped in an entry the runner calls once per CUDA
// thread, optimized for this CPU, and handed to the runtime as bitcode
// (runtime/CpuModule.h JIT-compiles it with ORC).
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_CODEGEN_HOSTTARGET_H
#define PYJIT_CODEGEN_HOSTTARGET_H

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"
#include <memory>
#include <string>

namespace pyjit::codegen {

/// The name of the entry of a host kernel: `void entry(HostContext *ctx,
/// const uint64_t *slots)`, slots holding the kernel's parameters as
/// cuLaunchKernel's 8-byte slots do (docs/abi.md).
std::string hostEntryName(llvm::StringRef kernelName);

/// The C library function the CPU backend calls for libdevice function
/// \p name (without `__nv_`) it does not define itself
/// (hostDefinesLibdevice): the same name, `fast_` dropped (`sinf`,
/// `fast_expf` -> `expf`).
std::string hostMathName(llvm::StringRef name);

/// Whether the CPU runner defines libdevice function \p name (without
/// `__nv_`) itself, as `__pyjit_nv_<name>` (HostLibdevice.def): those with
/// no C library namesake (`popc`, `fadd_rd`, `erfinv`, ...).
bool hostDefinesLibdevice(llvm::StringRef name);

/// Whether this process has C library function \p name (dlsym), which the
/// CPU backend's JIT links a kernel's math against.
bool hostHasFunction(llvm::StringRef name);

/// CPU features the CPU backend compiles without, whatever the host has:
/// the float32 -> bfloat16 conversion instructions (AVX512-BF16's and
/// AVX-NE-CONVERT's VCVTNEPS2BF16) flush subnormals to zero, which CUDA's
/// cvt.rn.bf16.f32 does not. Both the optimizer (HostTarget) and the JIT
/// (runtime/CpuModule) apply them.
inline constexpr const char *kHostDisabledFeatures[] = {"avx512bf16", "avxneconvert"};

class HostTarget {
public:
  /// Errors: StringError if LLVM has no target for this machine.
  static llvm::Expected<std::unique_ptr<HostTarget>> create();

  void configureModule(llvm::Module &module) const;
  /// Adds the entry wrapper of \p kernel (emitted with EmitOptions::host)
  /// and points libdevice's math (`__nv_sinf`, `__nv_fast_expf`, ...) at the
  /// C library's functions of the same meaning (`sinf`, `expf`).
  void prepareKernel(llvm::Module &module, llvm::Function &kernel) const;
  void optimize(llvm::Module &module, unsigned optLevel) const;
  /// The module as LLVM bitcode.
  std::string bitcode(const llvm::Module &module) const;

private:
  explicit HostTarget(std::unique_ptr<llvm::TargetMachine> tm) : tm(std::move(tm)) {}
  std::unique_ptr<llvm::TargetMachine> tm;
};

} // namespace pyjit::codegen

#endif
