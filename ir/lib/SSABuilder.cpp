//===- SSABuilder.cpp - On-the-fly SSA construction (Braun et al. 2013) --===//
#include "pyjit/ir/SSABuilder.h"
#include "llvm/ADT/SmallVector.h"
#include <cassert>

using namespace pyjit::ir;

void SSABuilder::writeVariable(const std::string &var, BasicBlock *bb, Value *value) {
  currentDef[bb][var] = value;
  if (auto *inst = llvm::dyn_cast<Instruction>(value); inst && inst->opcode() == Opcode::Phi)
    phiDefs[inst].push_back({bb, var});
}

Value *SSABuilder::readVariable(const std::string &var, Type *type, BasicBlock *bb) {
  // A chain of sealed blocks with one predecessor each (the blocks after
  // inlined calls, thousands of them in a large call tree) is walked in a
  // loop, not by recursion: the walk's depth would be the chain's length.
  llvm::SmallVector<BasicBlock *, 8> chain;
  Value *val = nullptr;
  while (true) {
    auto &defs = currentDef[bb];
    if (auto it = defs.find(var); it != defs.end()) {
      val = it->second;
      break;
    }
    if (!sealed.count(bb) || bb->predecessors().size() != 1) {
      val = readRecursive(var, type, bb);
      break;
    }
    chain.push_back(bb);
    bb = bb->predecessors()[0];
  }
  for (BasicBlock *link : chain)
    writeVariable(var, link, val);
  return val;
}

Value *SSABuilder::zeroOf(Type *type, bool dead) {
  Value *&z = (dead ? deadZeros : zeros)[type];
  if (z)
    return z;
  BasicBlock *entry = fn.entry();
  auto inst = std::make_unique<Instruction>(
      llvm::isa<FloatType>(type) ? Opcode::ConstFloat
      : llvm::isa<BoolType>(type) ? Opcode::ConstBool
                                  : Opcode::ConstInt,
      type, std::vector<Value *>{}, builder.currentLoc());
  z = entry->prepend(std::move(inst));
  return z;
}

Value *SSABuilder::readRecursive(const std::string &var, Type *type, BasicBlock *bb) {
  Value *val;
  if (!sealed.count(bb)) {
    // Predecessors still unknown: an incomplete phi, completed at sealing.
    Instruction *phi = builder.phi(type, bb);
    phiVars.push_back({phi, var});
    incompletePhis[bb][var] = {phi, type};
    val = phi;
  } else if (bb->predecessors().empty()) {
    // No definition on this path: the entry's (a read before any
    // assignment), or code no path reaches (after a call that always
    // raises), which is not an error.
    val = zeroOf(type, /*dead=*/bb != fn.entry());
  } else {
    assert(bb->predecessors().size() > 1 && "readVariable walks single-predecessor chains");
    Instruction *phi = builder.phi(type, bb);
    phiVars.push_back({phi, var});
    writeVariable(var, bb, phi); // breaks cycles
    // Until its operands are read, only phis made here can come to use it.
    bool outermost = madePhis.empty();
    size_t window = madePhis.size();
    madePhis.push_back(phi);
    addPhiOperands(var, phi, window);
    // Not addPhiOperands' result: removing `phi` can remove, in turn, the
    // value it was replaced with (a phi user of that value became trivial);
    // the definition of (bb, var) follows every replacement (phiDefs).
    val = currentDef[bb][var];
    if (outermost) // IRGen runs next: the phis made so far may be used anywhere
      madePhis.clear();
  }
  writeVariable(var, bb, val);
  return val;
}

Value *SSABuilder::addPhiOperands(const std::string &var, Instruction *phi, size_t window) {
  BasicBlock *bb = phi->parent();
  for (BasicBlock *pred : bb->predecessors()) {
    phi->addOperand(readVariable(var, phi->type(), pred));
    phi->blocks().push_back(pred);
  }
  return tryRemoveTrivialPhi(phi, window);
}

std::vector<std::pair<Instruction *, std::string>> SSABuilder::variablePhis() const {
  std::vector<std::pair<Instruction *, std::string>> out;
  for (const auto &entry : phiVars)
    if (!erased.count(entry.first))
      out.push_back(entry);
  return out;
}

Value *SSABuilder::tryRemoveTrivialPhi(Instruction *phi, size_t window) {
  if (erased.count(phi))
    return phi;
  Value *same = nullptr;
  for (Value *op : phi->operands()) {
    if (op == same || op == phi)
      continue;
    if (same)
      return phi; // merges at least two values: not trivial
    same = op;
  }
  if (!same)
    same = zeroOf(phi->type()); // unreachable or only self-referencing
  // One pass replaces the phi's uses and finds its users that are phis,
  // which may become trivial in turn (each with the window to search for
  // its own users).
  std::vector<std::pair<Instruction *, size_t>> phiUsers;
  auto replaceIn = [&](Instruction *inst, size_t userWindow) {
    bool uses = false;
    for (unsigned i = 0, e = inst->numOperands(); i != e; ++i)
      if (inst->operand(i) == phi) {
        inst->setOperand(i, same);
        uses = true;
      }
    if (uses && inst != phi && inst->opcode() == Opcode::Phi)
      phiUsers.push_back({inst, userWindow});
  };
  if (window != kNoWindow) {
    // A phi whose operands were just read: no instruction but the phis made
    // since (madePhis from `window` on, itself first) can hold it. A user
    // found there may already have been handed to a phi made before it,
    // still reading its operands: its users are looked for in all of
    // madePhis (no IRGen code has run since any of them was made).
    for (size_t k = window; k < madePhis.size(); ++k)
      if (!erased.count(madePhis[k]))
        replaceIn(madePhis[k], 0);
  } else {
    for (auto &b : fn.blocks())
      for (auto &inst : b->instructions())
        replaceIn(inst.get(), kNoWindow);
  }
  // The variables whose current definition it was (phiDefs: every place it
  // was written; entries overwritten since are skipped).
  auto defs = phiDefs.find(phi);
  if (defs != phiDefs.end()) {
    auto places = std::move(defs->second); // writeVariable below may grow phiDefs
    phiDefs.erase(defs);
    for (auto &[block, var] : places)
      if (currentDef[block][var] == phi)
        writeVariable(var, block, same);
  }
#ifndef NDEBUG
  for (auto &[block, phis] : incompletePhis)
    for (auto &[name, entry] : phis)
      assert(entry.first != phi && "removing an incomplete phi");
#endif
  erased.insert(phi);
  graveyard.push_back(phi->parent()->remove(phi));
  for (auto [user, userWindow] : phiUsers)
    tryRemoveTrivialPhi(user, userWindow);
  return same;
}

std::vector<Value *> SSABuilder::knownIncoming(const Value *v) {
  auto *phi = llvm::dyn_cast<Instruction>(v);
  if (!phi || phi->opcode() != Opcode::Phi)
    return {};
  auto pending = incompletePhis.find(phi->parent());
  if (pending == incompletePhis.end())
    return {};
  std::string var;
  Type *type = nullptr;
  for (auto &[name, entry] : pending->second)
    if (entry.first == phi) {
      var = name;
      type = entry.second;
    }
  if (!type)
    return {};
  std::vector<Value *> values;
  for (BasicBlock *pred : phi->parent()->predecessors())
    values.push_back(readVariable(var, type, pred));
  return values;
}

void SSABuilder::sealBlock(BasicBlock *bb) {
  if (sealed.count(bb))
    return;
  sealed.insert(bb);
  auto pending = std::move(incompletePhis[bb]);
  incompletePhis.erase(bb);
  for (auto &[var, entry] : pending)
    addPhiOperands(var, entry.first, kNoWindow); // IRGen may have used it anywhere
}
