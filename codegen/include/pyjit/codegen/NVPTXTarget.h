//===- NVPTXTarget.h - LLVM module -> optimized module -> PTX ------------===//
#ifndef PYJIT_CODEGEN_NVPTXTARGET_H
#define PYJIT_CODEGEN_NVPTXTARGET_H

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"
#include <memory>
#include <string>

namespace pyjit::codegen {

/// The NVPTX target for one architecture (`sm_70` ... `sm_90a`).
class NVPTXTarget {
public:
  /// \p ptxVersion is the `.version` to declare (PTXVersion.h); 0 lets
  /// LLVM choose (the arch's minimum). a*b+c fuses to fma only where both
  /// operations are flagged `contract` (FPOpFusion::Standard; the flags are
  /// markContractions', Contraction.h, or fastmath's).
  /// Errors: StringError if LLVM lacks the NVPTX target or the arch is unknown.
  static llvm::Expected<std::unique_ptr<NVPTXTarget>> create(llvm::StringRef arch,
                                                             unsigned ptxVersion = 0);

  /// Sets the module's triple and data layout (call before emitting code).
  void configureModule(llvm::Module &module) const;
  /// Runs LLVM's O0..O3 module pipeline with the NVPTX passes registered.
  void optimize(llvm::Module &module, unsigned optLevel) const;
  /// Generates PTX assembly text.
  llvm::Expected<std::string> emitPTX(llvm::Module &module) const;

  llvm::StringRef arch() const { return archName; }
  llvm::TargetMachine &machine() const { return *tm; }

private:
  NVPTXTarget(std::string arch, std::unique_ptr<llvm::TargetMachine> tm)
      : archName(std::move(arch)), tm(std::move(tm)) {}
  std::string archName;
  std::unique_ptr<llvm::TargetMachine> tm;
};

} // namespace pyjit::codegen

#endif
