//===- NarrowIVs.cpp - 32-bit loop counters where 64 bits are not needed --===//
#include "pyjit/codegen/NarrowIVs.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"

using namespace llvm;

namespace {

bool fitsInt32(const ConstantRange &r) {
  return !r.isFullSet() && r.getSignedMin().sge(APInt::getSignedMinValue(32).sext(64)) &&
         r.getSignedMax().sle(APInt::getSignedMaxValue(32).sext(64));
}

/// Narrows \p phi, a header phi of \p loop, if it qualifies (see the header).
bool narrow(PHINode *phi, Loop *loop, ScalarEvolution &se) {
  // (The block entering the loop, which may branch elsewhere too: the trunc
  // of the start value is placed before its branch.)
  BasicBlock *preheader = loop->getLoopPredecessor(), *latch = loop->getLoopLatch();
  if (!preheader || !latch || phi->getNumIncomingValues() != 2)
    return false;
  auto *rec = dyn_cast<SCEVAddRecExpr>(se.getSCEV(phi));
  if (!rec || rec->getLoop() != loop || !rec->isAffine())
    return false;
  auto *inc = dyn_cast<BinaryOperator>(phi->getIncomingValueForBlock(latch));
  auto *step = inc ? dyn_cast<ConstantInt>(inc->getOperand(1)) : nullptr;
  if (!inc || inc->getOpcode() != Instruction::Add || inc->getOperand(0) != phi || !step ||
      !step->getValue().isSignedIntN(32))
    return false;
  if (!fitsInt32(se.getSignedRange(rec)) || !fitsInt32(se.getSignedRange(se.getSCEV(inc))))
    return false;
  Type *i32 = Type::getInt32Ty(phi->getContext()), *i64 = phi->getType();
  IRBuilder<> pre(preheader->getTerminator());
  Value *start = pre.CreateTrunc(phi->getIncomingValueForBlock(preheader), i32);
  PHINode *narrowPhi = PHINode::Create(i32, 2, phi->getName() + ".i32");
  narrowPhi->insertBefore(phi->getIterator());
  IRBuilder<> at(inc);
  Value *narrowInc = at.CreateNSWAdd(narrowPhi, ConstantInt::get(i32, step->getSExtValue()),
                                     inc->getName() + ".i32");
  narrowPhi->addIncoming(start, preheader);
  narrowPhi->addIncoming(narrowInc, latch);
  Value *wideInc = at.CreateSExt(narrowInc, i64);
  IRBuilder<> head(phi->getParent(), phi->getParent()->getFirstNonPHIIt());
  Value *wide = head.CreateSExt(narrowPhi, i64);
  se.forgetValue(phi);
  inc->replaceAllUsesWith(wideInc);
  phi->replaceAllUsesWith(wide);
  inc->eraseFromParent();
  phi->eraseFromParent();
  return true;
}

} // namespace

PreservedAnalyses pyjit::codegen::NarrowIVsPass::run(Function &f, FunctionAnalysisManager &fam) {
  auto &loops = fam.getResult<LoopAnalysis>(f);
  auto &se = fam.getResult<ScalarEvolutionAnalysis>(f);
  bool changed = false;
  for (Loop *loop : loops.getLoopsInPreorder()) {
    SmallVector<PHINode *, 4> phis;
    for (PHINode &phi : loop->getHeader()->phis())
      if (phi.getType()->isIntegerTy(64))
        phis.push_back(&phi);
    for (PHINode *phi : phis)
      if (narrow(phi, loop, se)) {
        changed = true;
        se.forgetLoop(loop);
      }
  }
  if (!changed)
    return PreservedAnalyses::all();
  // InstCombine only where a counter was narrowed: it folds the sign
  // extensions into 32-bit compares; other kernels' code stays as O3 left it.
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  fam.invalidate(f, kept);
  InstCombinePass().run(f, fam);
  return PreservedAnalyses::none();
}
