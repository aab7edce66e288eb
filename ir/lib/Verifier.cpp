//===- Verifier.cpp - Structural and type checks of the SSA IR -----------===//
#include "pyjit/ir/Verifier.h"
#include "pyjit/ir/IRPrinter.h"
#include <algorithm>
#include <map>
#include <set>

using namespace pyjit::ir;

namespace {
class Verifier {
public:
  explicit Verifier(const Function &fn) : fn(fn) {}

  llvm::Error fail(const BasicBlock *bb, const llvm::Twine &msg) {
    std::string dump;
    llvm::raw_string_ostream os(dump);
    printFunction(fn, os);
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "IR verifier: function '" + fn.name() + "', bb" +
                                       llvm::Twine(bb ? bb->id() : 0) + ": " + msg +
                                       "\n" + dump);
  }

  llvm::Error run() {
    if (fn.blocks().empty())
      return fail(nullptr, "function has no blocks");
    computeDominators();
    for (const auto &bb : fn.blocks())
      if (auto err = checkBlock(*bb))
        return err;
    return llvm::Error::success();
  }

private:
  void computeDominators() {
    // Iterative data-flow: dom(b) = {b} U intersect(dom(p) for p in preds).
    std::set<const BasicBlock *> all;
    for (const auto &bb : fn.blocks())
      all.insert(bb.get());
    for (const auto &bb : fn.blocks())
      dom[bb.get()] = all;
    dom[fn.entry()] = {fn.entry()};
    bool changed = true;
    while (changed) {
      changed = false;
      for (const auto &bb : fn.blocks()) {
        if (bb.get() == fn.entry())
          continue;
        std::set<const BasicBlock *> next = all;
        for (const BasicBlock *p : bb->predecessors()) {
          std::set<const BasicBlock *> tmp;
          std::set_intersection(next.begin(), next.end(), dom[p].begin(), dom[p].end(),
                                std::inserter(tmp, tmp.begin()));
          next.swap(tmp);
        }
        next.insert(bb.get());
        if (next != dom[bb.get()]) {
          dom[bb.get()] = std::move(next);
          changed = true;
        }
      }
    }
    for (const auto &bb : fn.blocks())
      for (size_t i = 0; i < bb->instructions().size(); ++i)
        position[bb->instructions()[i].get()] = i;
  }

  bool dominates(const Value *def, const Instruction *user, const BasicBlock *useBlock) {
    auto *defInst = llvm::dyn_cast<Instruction>(def);
    if (!defInst)
      return true; // arguments dominate everything
    const BasicBlock *defBlock = defInst->parent();
    if (defBlock == useBlock && user)
      return position[defInst] < position[user];
    return dom[useBlock].count(defBlock) != 0;
  }

  llvm::Error checkBlock(const BasicBlock &bb) {
    const auto &insts = bb.instructions();
    if (insts.empty() || !insts.back()->isTerminator())
      return fail(&bb, "block does not end in a terminator");
    bool phisDone = false;
    for (const auto &ip : insts) {
      const Instruction &inst = *ip;
      if (inst.parent() != &bb)
        return fail(&bb, "instruction has a wrong parent block");
      if (inst.isTerminator() && &inst != insts.back().get())
        return fail(&bb, "terminator in the middle of a block");
      if (inst.opcode() == Opcode::Phi) {
        if (phisDone)
          return fail(&bb, "phi after a non-phi instruction");
        if (inst.numOperands() != bb.predecessors().size() ||
            inst.blocks().size() != inst.numOperands())
          return fail(&bb, "phi operand count does not match predecessors");
        for (unsigned i = 0; i < inst.numOperands(); ++i) {
          if (inst.operand(i)->type() != inst.type())
            return fail(&bb, "phi operand type mismatch");
          const BasicBlock *from = inst.blocks()[i];
          if (std::find(bb.predecessors().begin(), bb.predecessors().end(), from) ==
              bb.predecessors().end())
            return fail(&bb, "phi incoming block is not a predecessor");
          if (!dominates(inst.operand(i), nullptr, from))
            return fail(&bb, "phi operand does not dominate its incoming edge");
        }
        continue;
      }
      phisDone = true;
      for (const Value *op : inst.operands()) {
        if (!op)
          return fail(&bb, llvm::Twine("null operand in ") + opcodeName(inst.opcode()));
        if (!dominates(op, &inst, &bb))
          return fail(&bb, llvm::Twine("operand of ") + opcodeName(inst.opcode()) +
                               " does not dominate its use");
      }
      if (auto err = checkTypes(bb, inst))
        return err;
    }
    for (const BasicBlock *s : bb.successors()) {
      const auto &sp = s->predecessors();
      if (std::find(sp.begin(), sp.end(), &bb) == sp.end())
        return fail(&bb, "successor does not list this block as predecessor");
    }
    return llvm::Error::success();
  }

  llvm::Error checkTypes(const BasicBlock &bb, const Instruction &inst) {
    auto sameAsResult = [&](unsigned n) {
      for (unsigned i = 0; i < n; ++i)
        if (inst.operand(i)->type() != inst.type())
          return false;
      return true;
    };
    switch (inst.opcode()) {
    case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::TrueDiv:
    case Opcode::FloorDiv: case Opcode::Mod: case Opcode::Pow: case Opcode::BitAnd:
    case Opcode::BitOr: case Opcode::BitXor: case Opcode::Shl: case Opcode::Shr:
    case Opcode::Min: case Opcode::Max:
      if (inst.numOperands() != 2 || !sameAsResult(2) || !inst.type()->isScalar())
        return fail(&bb, llvm::Twine(opcodeName(inst.opcode())) +
                             " needs two scalar operands of the result type");
      if (inst.opcode() == Opcode::TrueDiv && !llvm::isa<FloatType, ComplexType>(inst.type()))
        return fail(&bb, "truediv must be on floats or complex numbers");
      return llvm::Error::success();
    case Opcode::Neg: case Opcode::Abs: case Opcode::Invert: case Opcode::Not:
    case Opcode::Sqrt:
      if (inst.numOperands() != 1 || !sameAsResult(1))
        return fail(&bb, llvm::Twine(opcodeName(inst.opcode())) + " needs one operand of the result type");
      if (inst.opcode() == Opcode::Sqrt && !llvm::isa<FloatType>(inst.type()))
        return fail(&bb, "sqrt must be on floats");
      return llvm::Error::success();
    case Opcode::Cmp:
      if (inst.numOperands() != 2 || inst.operand(0)->type() != inst.operand(1)->type() ||
          !llvm::isa<BoolType>(inst.type()))
        return fail(&bb, "cmp needs two operands of one type and gives bool");
      return llvm::Error::success();
    case Opcode::Cast:
      if (inst.numOperands() != 1 || !inst.type()->isScalar() || !inst.operand(0)->type()->isScalar())
        return fail(&bb, "cast is between scalars");
      return llvm::Error::success();
    case Opcode::Bitcast: {
      auto width = [](Type *t) -> unsigned {
        if (auto *it = llvm::dyn_cast<IntType>(t))
          return it->bits();
        if (auto *ft = llvm::dyn_cast<FloatType>(t))
          return ft->bits();
        return 0;
      };
      if (inst.numOperands() != 1 || !width(inst.type()) ||
          width(inst.type()) != width(inst.operand(0)->type()))
        return fail(&bb, "bitcast is between integers and floats of one width");
      return llvm::Error::success();
    }
    case Opcode::Select:
      if (inst.numOperands() != 3 || !llvm::isa<BoolType>(inst.operand(0)->type()) ||
          inst.operand(1)->type() != inst.type() || inst.operand(2)->type() != inst.type())
        return fail(&bb, "select needs a bool and two operands of the result type");
      return llvm::Error::success();
    case Opcode::CondBr:
      if (inst.numOperands() != 1 || !llvm::isa<BoolType>(inst.operand(0)->type()) ||
          inst.blocks().size() != 2)
        return fail(&bb, "condbr needs a bool condition and two targets");
      return llvm::Error::success();
    case Opcode::ArrayLoad:
    case Opcode::ArrayStore: {
      auto *at = llvm::dyn_cast<ArrayType>(inst.operand(0)->type());
      unsigned extra = inst.opcode() == Opcode::ArrayStore ? 1 : 0;
      if (!at || inst.numOperands() != 1 + at->ndim() + extra)
        return fail(&bb, "array access needs one index per dimension");
      for (unsigned i = 0; i < at->ndim(); ++i) {
        auto *it = llvm::dyn_cast<IntType>(inst.operand(1 + i)->type());
        if (!it || it->bits() != 64)
          return fail(&bb, "array indices must be int64");
      }
      if (extra && inst.operands().back()->type() != at->dtype())
        return fail(&bb, "stored value must have the array's dtype");
      return llvm::Error::success();
    }
    default:
      return llvm::Error::success();
    }
  }

  const Function &fn;
  std::map<const BasicBlock *, std::set<const BasicBlock *>> dom;
  std::map<const Instruction *, size_t> position;
};
} // namespace

llvm::Error pyjit::ir::verifyFunction(const Function &fn) { return Verifier(fn).run(); }
