//===- IndexChecks.cpp - Deciding index checks from index signs ----------===//
//
// Python wraps negative indices, so every array access whose index may be
// negative carries `i < 0 ? i + n : i`. Most indices are thread indices or
// loop counters that cannot be negative; this pass proves that and folds the
// comparison, which the cleanup passes then turn into nothing.
//
//===----------------------------------------------------------------------===//
#include "pyjit/ir/Passes.h"
#include <map>
#include <optional>
#include <set>

using namespace pyjit::ir;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

class NonNegative {
public:
  explicit NonNegative(const std::set<const Instruction *> &negativePhis)
      : negativePhis(negativePhis) {}

  bool operator()(const Value *v, unsigned depth = 0) {
    auto it = memo.find(v);
    if (it != memo.end())
      return it->second;
    bool r = depth < 48 && compute(v, depth);
    memo[v] = r;
    return r;
  }

private:
  static bool isUnsignedOrBool(const Type *t) {
    if (isa<BoolType>(t))
      return true;
    auto *it = dyn_cast<IntType>(t);
    return it && !it->isSigned();
  }

  bool compute(const Value *v, unsigned depth) {
    auto *inst = dyn_cast<Instruction>(v);
    if (!inst)
      return isUnsignedOrBool(v->type()); // arguments: only by their type
    auto nn = [&](unsigned i) { return (*this)(inst->operand(i), depth + 1); };
    switch (inst->opcode()) {
    case Opcode::ConstInt:
      return inst->intImm >= 0 || isUnsignedOrBool(inst->type());
    case Opcode::ConstBool:
    case Opcode::SReg:
    case Opcode::ArrayShape:
      return true;
    case Opcode::Cast: {
      const Type *from = inst->operand(0)->type();
      auto *to = dyn_cast<IntType>(inst->type());
      if (!to)
        return false;
      unsigned fromBits = isa<BoolType>(from) ? 1
                          : isa<IntType>(from) ? cast<IntType>(from)->bits()
                                               : 0;
      if (fromBits == 0)
        return false;
      // Widening keeps the value; an unsigned source is non-negative when
      // it fits the signed target.
      if (isUnsignedOrBool(from))
        return fromBits < to->bits() || !to->isSigned();
      return fromBits <= to->bits() && nn(0);
    }
    case Opcode::Add:
    case Opcode::Mul:
    case Opcode::FloorDiv:
    case Opcode::Min:
      return nn(0) && nn(1);
    case Opcode::Max:
      return nn(0) || nn(1);
    case Opcode::Mod: // Python's % takes the divisor's sign
    case Opcode::BitAnd:
      return inst->opcode() == Opcode::Mod ? nn(1) : (nn(0) || nn(1));
    case Opcode::Shr:
      return nn(0);
    case Opcode::Select:
      return nn(1) && nn(2);
    case Opcode::Phi:
      return !negativePhis.count(inst);
    default:
      return isUnsignedOrBool(inst->type());
    }
  }

  const std::set<const Instruction *> &negativePhis;
  std::map<const Value *, bool> memo;
};

bool isZero(const Value *v) {
  auto *c = dyn_cast<Instruction>(v);
  return c && c->opcode() == Opcode::ConstInt && c->intImm == 0;
}

// -n for an n that is an extent (the debug check's lower bound).
const Value *negatedExtent(const Value *v) {
  auto *neg = dyn_cast<Instruction>(v);
  if (!neg || neg->opcode() != Opcode::Neg)
    return nullptr;
  return neg->operand(0);
}

} // namespace

bool pyjit::ir::foldIndexChecks(Function &fn, TypeContext &ctx) {
  std::vector<Instruction *> checks, phis;
  for (auto &bb : fn.blocks())
    for (auto &inst : bb->instructions()) {
      if (inst->opcode() == Opcode::Cmp && inst->indexCheck)
        checks.push_back(inst.get());
      if (inst->opcode() == Opcode::Phi && isa<IntType>(inst->type()))
        phis.push_back(inst.get());
    }
  if (checks.empty())
    return false;
  // The largest set of phis consistent with "all incoming non-negative":
  // start from all, drop any with an incoming value not proven, repeat.
  std::set<const Instruction *> negativePhis;
  for (bool changed = true; changed;) {
    changed = false;
    NonNegative nonNegative(negativePhis);
    for (Instruction *phi : phis) {
      if (negativePhis.count(phi))
        continue;
      for (const Value *in : phi->operands())
        if (!nonNegative(in)) {
          negativePhis.insert(phi);
          changed = true;
          break;
        }
    }
  }
  NonNegative nonNegative(negativePhis);
  llvm::DenseMap<Value *, Value *> decidedChecks; // replaced in one pass below
  for (Instruction *cmp : checks) {
    std::optional<bool> decided;
    const Value *x = cmp->operand(0);
    if (cmp->predicate() == CmpPredicate::Lt && isZero(cmp->operand(1)) && nonNegative(x))
      decided = false; // i < 0
    else if (cmp->predicate() == CmpPredicate::Ge && negatedExtent(cmp->operand(1)) &&
             nonNegative(x))
      decided = true; // i >= -n
    if (!decided)
      continue;
    auto c = std::make_unique<Instruction>(Opcode::ConstBool, ctx.boolean(),
                                           std::vector<Value *>{}, cmp->loc());
    c->intImm = *decided;
    c->setFile(cmp->file());
    BasicBlock *bb = cmp->parent();
    decidedChecks[cmp] = bb->insertBefore(cmp, std::move(c));
    cmp->indexCheck = false; // now dead; removeDeadCode deletes it
  }
  fn.replaceAllUsesWith(decidedChecks);
  return !decidedChecks.empty();
}
