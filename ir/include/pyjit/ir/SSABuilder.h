//===- SSABuilder.h - On-the-fly SSA construction ------------------------===//
//
// The algorithm of Braun, Buchwald, Hack, Leißa, Mallon and Zwinkau,
// "Simple and Efficient Construction of Static Single Assignment Form"
// (CC 2013): variables are read and written per block; reads in blocks whose
// predecessors are not all known yet create incomplete phis that are filled
// when the block is sealed; trivial phis are removed as they appear.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_SSABUILDER_H
#define PYJIT_IR_SSABUILDER_H

#include "pyjit/ir/IRBuilder.h"
#include "llvm/ADT/DenseMap.h"
#include <map>
#include <set>
#include <string>

namespace pyjit::ir {

class SSABuilder {
public:
  SSABuilder(Function &fn, IRBuilder &builder) : fn(fn), builder(builder) {}

  void writeVariable(const std::string &var, BasicBlock *bb, Value *value);
  /// The value of `var` (of type `type`) at the end of `bb`. A variable with
  /// no definition on some path reads as zero there.
  Value *readVariable(const std::string &var, Type *type, BasicBlock *bb);
  /// Declares that every predecessor of `bb` is known.
  void sealBlock(BasicBlock *bb);
  /// For an incomplete phi (its block not sealed yet: a loop header while
  /// its body is generated), the values of its variable at the end of the
  /// predecessors known so far; empty for any other value.
  std::vector<Value *> knownIncoming(const Value *v);
  /// Every phi made for a variable that still stands (not removed as
  /// trivial), with the variable's name (debug info describes them).
  std::vector<std::pair<Instruction *, std::string>> variablePhis() const;
  /// Whether `phi` was removed as trivial (replaced by its one value).
  bool wasRemoved(const Instruction *phi) const { return erased.count(phi) != 0; }
  /// Whether `v` is what readVariable gives for a variable with no
  /// definition on any path to the read.
  bool isUndefined(const Value *v) const {
    for (const auto &[type, zero] : zeros)
      if (zero == v)
        return true;
    return false;
  }

private:
  Value *readRecursive(const std::string &var, Type *type, BasicBlock *bb);
  /// `window`: where `phi` sits in madePhis when its uses can only be the
  /// phis made since (kNoWindow: anywhere in the function).
  static constexpr size_t kNoWindow = ~size_t(0);
  Value *addPhiOperands(const std::string &var, Instruction *phi, size_t window);
  Value *tryRemoveTrivialPhi(Instruction *phi, size_t window = kNoWindow);
  /// The zero of `type`; `dead`: for a read in code no path reaches (not
  /// isUndefined).
  Value *zeroOf(Type *type, bool dead = false);

  Function &fn;
  IRBuilder &builder;
  std::map<BasicBlock *, std::map<std::string, Value *>> currentDef;
  /// Where each phi was written as a variable's definition (block, name):
  /// removing a trivial phi updates those entries, not every definition.
  llvm::DenseMap<const Instruction *, std::vector<std::pair<BasicBlock *, std::string>>>
      phiDefs;
  std::map<BasicBlock *, std::map<std::string, std::pair<Instruction *, Type *>>> incompletePhis;
  std::set<BasicBlock *> sealed;
  std::map<Type *, Value *> zeros, deadZeros;
  std::set<const Instruction *> erased; // removed trivial phis
  std::vector<std::pair<Instruction *, std::string>> phiVars; // every phi made, its variable
  /// The phis made by the readRecursive calls now running, outermost first:
  /// while a phi's operands are read no IRGen code runs, so only these can
  /// use it (a trivial one is then replaced without scanning the function).
  std::vector<Instruction *> madePhis;
  std::vector<std::unique_ptr<Instruction>> graveyard; // keeps their addresses unique
};

} // namespace pyjit::ir

#endif
