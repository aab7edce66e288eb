//===- Contraction.cpp - Which a*b+c the NVPTX backend may fuse into fma -===//
#include "pyjit/codegen/Contraction.h"
#include "llvm/IR/Instructions.h"

void pyjit::codegen::markContractions(llvm::Module &module) {
  for (llvm::Function &f : module)
    for (llvm::BasicBlock &bb : f)
      for (llvm::Instruction &inst : bb) {
        switch (inst.getOpcode()) {
        case llvm::Instruction::FAdd:
        case llvm::Instruction::FSub:
        case llvm::Instruction::FNeg:
          inst.setHasAllowContract(true);
          break;
        case llvm::Instruction::FMul:
          // hasOneUse counts uses, so `m - m` (two uses by one fsub) is not one.
          inst.setHasAllowContract(inst.hasOneUse());
          break;
        default:
          break;
        }
      }
}
