//===- BasicBlock.h - A basic block of the SSA IR ------------------------===//
#ifndef PYJIT_IR_BASICBLOCK_H
#define PYJIT_IR_BASICBLOCK_H

#include "pyjit/ir/Instruction.h"
#include <memory>
#include <vector>

namespace pyjit::ir {

class Function;

/// A straight-line sequence of instructions ending in one terminator. Phis,
/// if any, come first. `predecessors()` is kept by whoever adds branches.
class BasicBlock {
public:
  BasicBlock(Function *parent, unsigned id) : parentFn(parent), blockId(id) {}

  unsigned id() const { return blockId; }
  Function *parent() const { return parentFn; }

  std::vector<std::unique_ptr<Instruction>> &instructions() { return insts; }
  const std::vector<std::unique_ptr<Instruction>> &instructions() const { return insts; }
  Instruction *append(std::unique_ptr<Instruction> inst);
  Instruction *prepend(std::unique_ptr<Instruction> inst); // for phis
  /// Inserts `inst` just before `pos` (which must be in this block).
  Instruction *insertBefore(Instruction *pos, std::unique_ptr<Instruction> inst);
  void erase(Instruction *inst);
  /// Unlinks `inst` and hands ownership to the caller.
  std::unique_ptr<Instruction> remove(Instruction *inst);

  Instruction *terminator() const {
    return !insts.empty() && insts.back()->isTerminator() ? insts.back().get() : nullptr;
  }
  std::vector<BasicBlock *> &predecessors() { return preds; }
  const std::vector<BasicBlock *> &predecessors() const { return preds; }
  std::vector<BasicBlock *> successors() const;

private:
  Function *parentFn;
  unsigned blockId;
  std::vector<std::unique_ptr<Instruction>> insts;
  std::vector<BasicBlock *> preds;
};

} // namespace pyjit::ir

#endif
