//===- SSABuilder.cpp - On-the-fly SSA construction (Braun et al. 2013) --===//
#include "pyjit/ir/SSABuilder.h"
#include <cassert>

using namespace pyjit::ir;

void SSABuilder::writeVariable(const std::string &var, BasicBlock *bb, Value *value) {
  currentDef[bb][var] = value;
}

Value *SSABuilder::readVariable(const std::string &var, Type *type, BasicBlock *bb) {
  auto &defs = currentDef[bb];
  auto it = defs.find(var);
  if (it != defs.end())
    return it->second;
  return readRecursive(var, type, bb);
}

Value *SSABuilder::zeroOf(Type *type) {
  Value *&z = zeros[type];
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
    incompletePhis[bb][var] = {phi, type};
    val = phi;
  } else if (bb->predecessors().empty()) {
    val = zeroOf(type); // no definition on this path
  } else if (bb->predecessors().size() == 1) {
    val = readVariable(var, type, bb->predecessors()[0]);
  } else {
    Instruction *phi = builder.phi(type, bb);
    writeVariable(var, bb, phi); // breaks cycles
    val = addPhiOperands(var, phi);
  }
  writeVariable(var, bb, val);
  return val;
}

Value *SSABuilder::addPhiOperands(const std::string &var, Instruction *phi) {
  BasicBlock *bb = phi->parent();
  for (BasicBlock *pred : bb->predecessors()) {
    phi->addOperand(readVariable(var, phi->type(), pred));
    phi->blocks().push_back(pred);
  }
  return tryRemoveTrivialPhi(phi);
}

Value *SSABuilder::tryRemoveTrivialPhi(Instruction *phi) {
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
  // Users of the phi that are phis may become trivial in turn.
  std::vector<Instruction *> phiUsers;
  for (auto &b : fn.blocks())
    for (auto &inst : b->instructions())
      if (inst.get() != phi && inst->opcode() == Opcode::Phi)
        for (Value *op : inst->operands())
          if (op == phi) {
            phiUsers.push_back(inst.get());
            break;
          }
  fn.replaceAllUsesWith(phi, same);
  for (auto &[block, defs] : currentDef)
    for (auto &[name, value] : defs)
      if (value == phi)
        value = same;
#ifndef NDEBUG
  for (auto &[block, phis] : incompletePhis)
    for (auto &[name, entry] : phis)
      assert(entry.first != phi && "removing an incomplete phi");
#endif
  erased.insert(phi);
  graveyard.push_back(phi->parent()->remove(phi));
  for (Instruction *user : phiUsers)
    tryRemoveTrivialPhi(user);
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
    addPhiOperands(var, entry.first);
}
