//===- LoadHoisting.cpp - Issue loads as early as their block allows ----===//
#include "pyjit/codegen/LoadHoisting.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instructions.h"
#include <algorithm>

using namespace pyjit::codegen;

namespace {

/// May `inst` move up past other instructions? Pure computation and simple
/// loads may (loads never past a fence: see below); nothing else.
bool movable(const llvm::Instruction &inst) {
  if (llvm::isa<llvm::PHINode>(inst) || inst.isTerminator() || inst.isEHPad())
    return false;
  if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst))
    return load->isSimple();
  return !inst.mayReadOrWriteMemory() && !inst.mayHaveSideEffects();
}

/// Does `inst` order memory: a load may not move above it?
bool isFence(const llvm::Instruction &inst) {
  if (llvm::isa<llvm::LoadInst>(inst) && llvm::cast<llvm::LoadInst>(inst).isSimple())
    return false;
  return inst.mayWriteToMemory() || inst.mayHaveSideEffects() ||
         llvm::isa<llvm::FenceInst>(inst);
}

bool hoistInBlock(llvm::BasicBlock &bb) {
  bool changed = false;
  llvm::SmallVector<llvm::LoadInst *, 16> loads;
  for (llvm::Instruction &inst : bb)
    if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst); load && load->isSimple())
      loads.push_back(load);
  for (llvm::LoadInst *load : loads) {
    // The last fence above the load bounds it.
    llvm::Instruction *boundary = nullptr;
    for (llvm::Instruction *p = load->getPrevNode(); p; p = p->getPrevNode())
      if (isFence(*p) || llvm::isa<llvm::PHINode>(p)) {
        boundary = p;
        break;
      }
    // The load and the in-block instructions below the boundary that it
    // depends on move together; a dependency that cannot move becomes the
    // boundary instead.
    llvm::SmallVector<llvm::Instruction *, 16> cone;
    for (bool again = true; again;) {
      again = false;
      cone.clear();
      llvm::SmallPtrSet<llvm::Instruction *, 16> seen;
      llvm::SmallVector<llvm::Instruction *, 16> work{load};
      while (!work.empty()) {
        llvm::Instruction *i = work.pop_back_val();
        for (llvm::Value *op : i->operands()) {
          auto *def = llvm::dyn_cast<llvm::Instruction>(op);
          if (!def || def->getParent() != &bb || !seen.insert(def).second)
            continue;
          if (boundary && !boundary->comesBefore(def))
            continue; // above the boundary already
          if (!movable(*def)) {
            boundary = def;
            again = true;
            break;
          }
          cone.push_back(def);
          work.push_back(def);
        }
        if (again)
          break;
      }
    }
    llvm::Instruction *target = boundary ? boundary->getNextNode() : &*bb.getFirstInsertionPt();
    if (llvm::isa<llvm::PHINode>(target))
      target = &*bb.getFirstInsertionPt();
    // Already as high as it can go?
    bool blocked = true;
    for (llvm::Instruction *p = target; p && p != load; p = p->getNextNode())
      if (std::find(cone.begin(), cone.end(), p) == cone.end()) {
        blocked = false;
        break;
      }
    if (blocked)
      continue;
    std::sort(cone.begin(), cone.end(),
              [](llvm::Instruction *a, llvm::Instruction *b) { return a->comesBefore(b); });
    cone.push_back(load);
    for (llvm::Instruction *i : cone)
      if (i != target)
        i->moveBefore(target->getIterator());
      else
        target = target->getNextNode();
    changed = true;
  }
  return changed;
}

} // namespace

bool pyjit::codegen::hoistLoads(llvm::Module &module) {
  bool changed = false;
  for (llvm::Function &f : module)
    for (llvm::BasicBlock &bb : f)
      changed |= hoistInBlock(bb);
  return changed;
}
