//===- Passes.cpp - Constant folding, dead code, CFG simplification ------===//
#include "pyjit/ir/Passes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "pyjit/ir/CudaIntrinsics.h"
#include "pyjit/ir/Verifier.h"
#include <algorithm>
#include <cassert>
#include <map>
#include <set>

using namespace pyjit::ir;
using pyjit::SourceLoc;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

Instruction *asConst(Value *v, Opcode op) {
  auto *i = dyn_cast<Instruction>(v);
  return i && i->opcode() == op ? i : nullptr;
}

// Wraps `v` to the width and signedness of `t` (two's complement).
int64_t wrap(int64_t v, IntType *t) {
  unsigned bits = t->bits();
  if (bits >= 64)
    return v;
  uint64_t mask = (uint64_t(1) << bits) - 1;
  uint64_t u = static_cast<uint64_t>(v) & mask;
  if (t->isSigned() && (u >> (bits - 1)))
    u |= ~mask;
  return static_cast<int64_t>(u);
}

std::unique_ptr<Instruction> makeConst(Type *t, int64_t i, double f, SourceLoc loc) {
  Opcode op = isa<FloatType>(t) ? Opcode::ConstFloat
              : isa<BoolType>(t) ? Opcode::ConstBool
                                 : Opcode::ConstInt;
  auto c = std::make_unique<Instruction>(op, t, std::vector<Value *>{}, loc);
  c->intImm = i;
  c->floatImm = f;
  return c;
}

// The folded value of `inst`, or null.
std::unique_ptr<Instruction> fold(Instruction &inst) {
  Type *t = inst.type();
  SourceLoc loc = inst.loc();
  switch (inst.opcode()) {
  case Opcode::Cast: {
    Value *x = inst.operand(0);
    Type *from = x->type();
    double fv;
    int64_t iv;
    if (auto *c = asConst(x, Opcode::ConstFloat))
      fv = c->floatImm, iv = static_cast<int64_t>(c->floatImm);
    else if (auto *c = asConst(x, Opcode::ConstInt)) {
      // An int, or a datetime64/timedelta64 constant (an int64 count).
      auto *it = dyn_cast<IntType>(from);
      if (!it && !isa<DatetimeType>(from))
        return nullptr;
      iv = c->intImm;
      fv = !it || it->isSigned() ? static_cast<double>(c->intImm)
                                 : static_cast<double>(static_cast<uint64_t>(c->intImm));
    } else if (auto *c = asConst(x, Opcode::ConstBool))
      iv = c->intImm, fv = static_cast<double>(c->intImm);
    else
      return nullptr;
    if (isa<FloatType>(t)) {
      if (cast<FloatType>(t)->bits() == 32)
        fv = static_cast<float>(fv);
      else if (cast<FloatType>(t)->bits() == 16)
        return nullptr; // half rounding: leave to LLVM
      return makeConst(t, 0, fv, loc);
    }
    if (isa<BoolType>(t))
      return makeConst(t, isa<FloatType>(from) ? fv != 0.0 : iv != 0, 0, loc);
    if (auto *it = dyn_cast<IntType>(t)) {
      if (isa<FloatType>(from))
        return nullptr; // saturating conversion: leave to LLVM
      return makeConst(t, wrap(iv, it), 0, loc);
    }
    return nullptr;
  }
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Mul:
  case Opcode::BitAnd:
  case Opcode::BitOr:
  case Opcode::BitXor: {
    auto *it = dyn_cast<IntType>(t);
    Instruction *a = asConst(inst.operand(0), Opcode::ConstInt);
    Instruction *b = asConst(inst.operand(1), Opcode::ConstInt);
    if (!it || !a || !b)
      return nullptr;
    uint64_t x = a->intImm, y = b->intImm, r;
    switch (inst.opcode()) {
    case Opcode::Add: r = x + y; break;
    case Opcode::Sub: r = x - y; break;
    case Opcode::Mul: r = x * y; break;
    case Opcode::BitAnd: r = x & y; break;
    case Opcode::BitOr: r = x | y; break;
    default: r = x ^ y; break;
    }
    return makeConst(t, wrap(static_cast<int64_t>(r), it), 0, loc);
  }
  case Opcode::FloorDiv:
  case Opcode::Min:
  case Opcode::Max: {
    // Unsigned floor division (trip counts of constant ranges) and integer
    // min/max; signed division keeps its run-time floor and zero rules.
    auto *it = dyn_cast<IntType>(t);
    Instruction *a = asConst(inst.operand(0), Opcode::ConstInt);
    Instruction *b = asConst(inst.operand(1), Opcode::ConstInt);
    if (!it || !a || !b)
      return nullptr;
    uint64_t ux = a->intImm, uy = b->intImm;
    int64_t sx = a->intImm, sy = b->intImm;
    int64_t r;
    if (inst.opcode() == Opcode::FloorDiv) {
      if (it->isSigned() || uy == 0)
        return nullptr;
      r = static_cast<int64_t>(ux / uy);
    } else {
      // Python's min/max: the first of equal values (equal here anyway).
      bool less = it->isSigned() ? sy < sx : uy < ux;
      bool more = it->isSigned() ? sy > sx : uy > ux;
      r = inst.opcode() == Opcode::Min ? (less ? sy : sx) : (more ? sy : sx);
    }
    return makeConst(t, wrap(r, it), 0, loc);
  }
  case Opcode::Cmp: {
    auto *it = dyn_cast<IntType>(inst.operand(0)->type());
    Instruction *a = asConst(inst.operand(0), Opcode::ConstInt);
    Instruction *b = asConst(inst.operand(1), Opcode::ConstInt);
    if (!it || !a || !b)
      return nullptr;
    bool r;
    auto cmp = [&](auto x, auto y) {
      switch (inst.predicate()) {
      case CmpPredicate::Eq: return x == y;
      case CmpPredicate::Ne: return x != y;
      case CmpPredicate::Lt: return x < y;
      case CmpPredicate::Le: return x <= y;
      case CmpPredicate::Gt: return x > y;
      case CmpPredicate::Ge: return x >= y;
      }
      return false;
    };
    r = it->isSigned() ? cmp(a->intImm, b->intImm)
                       : cmp(static_cast<uint64_t>(a->intImm), static_cast<uint64_t>(b->intImm));
    return makeConst(t, r, 0, loc);
  }
  default:
    return nullptr;
  }
}

// Drops the edge from `from` into `to`: its predecessor entry and phi operands.
void removeEdge(BasicBlock *from, BasicBlock *to) {
  auto &preds = to->predecessors();
  auto it = std::find(preds.begin(), preds.end(), from);
  if (it == preds.end())
    return;
  preds.erase(it);
  for (auto &inst : to->instructions()) {
    if (inst->opcode() != Opcode::Phi)
      continue;
    for (size_t k = 0; k < inst->blocks().size(); ++k)
      if (inst->blocks()[k] == from) {
        inst->blocks().erase(inst->blocks().begin() + k);
        inst->removeOperand(static_cast<unsigned>(k));
        break;
      }
  }
}

bool hasEffect(const Instruction &inst) {
  switch (inst.opcode()) {
  case Opcode::ArrayStore:
  case Opcode::RecordStore:
  case Opcode::Print:
  case Opcode::DebugValue: // (keeps its value alive: debug info asks for it)
  case Opcode::Raise:
  case Opcode::Br:
  case Opcode::CondBr:
  case Opcode::Ret:
  case Opcode::Coop: // a block-wide barrier inside
    return true;
  case Opcode::ExternCall: // foreign code: may write memory
  case Opcode::Call:       // a device function: may store, or stop the thread
  case Opcode::CheckStack: // may stop the thread
    return true;
  case Opcode::Libdevice: // one with outputs writes its local arrays
    return llvm::any_of(inst.operands(), [](const Value *v) { return isa<ArrayType>(v->type()); });
  case Opcode::Cuda:
    switch (static_cast<CudaFn>(inst.intImm)) {
    case CudaFn::Popc: case CudaFn::Brev: case CudaFn::Clz: case CudaFn::Ffs:
    case CudaFn::Fma: case CudaFn::Cbrt: case CudaFn::Selp: case CudaFn::ThisGrid:
      return false;
    default:
      return true; // barriers, fences, warp collectives, atomics, traps
    }
  default:
    return false;
  }
}

} // namespace

bool pyjit::ir::foldConstants(Function &fn, TypeContext &ctx) {
  bool changed = false;
  // Folded instructions and the values that replace them. Each instruction's
  // operands are rewritten through it before it is looked at, and every
  // instruction's once at the end (uses listed before their definition:
  // loop-header phis): one sweep, where replacing each fold's uses at once
  // would scan the function per fold.
  llvm::DenseMap<Value *, Value *> replaced;
  auto resolve = [&](Value *v) {
    for (auto it = replaced.find(v); it != replaced.end(); it = replaced.find(v))
      v = it->second;
    return v;
  };
  auto rewriteOperands = [&](Instruction &inst) {
    for (unsigned k = 0, e = inst.numOperands(); k != e; ++k)
      if (Value *to = resolve(inst.operand(k)); to != inst.operand(k))
        inst.setOperand(k, to);
  };
  for (auto &bb : fn.blocks()) {
    auto &insts = bb->instructions();
    for (size_t i = 0; i < insts.size(); ++i) {
      Instruction &inst = *insts[i];
      if (!replaced.empty())
        rewriteOperands(inst);
      if (inst.opcode() == Opcode::Select) {
        if (auto *c = asConst(inst.operand(0), Opcode::ConstBool)) {
          replaced[&inst] = inst.operand(c->intImm ? 1 : 2);
          changed = true;
        }
        continue;
      }
      if (inst.opcode() == Opcode::CondBr) {
        auto *c = asConst(inst.operand(0), Opcode::ConstBool);
        if (!c)
          continue;
        BasicBlock *taken = inst.blocks()[c->intImm ? 0 : 1];
        BasicBlock *dropped = inst.blocks()[c->intImm ? 1 : 0];
        if (taken != dropped)
          removeEdge(bb.get(), dropped);
        auto br = std::make_unique<Instruction>(Opcode::Br, ctx.none(), std::vector<Value *>{},
                                                inst.loc());
        br->blocks().push_back(taken);
        br->setParent(bb.get());
        insts[i] = std::move(br);
        changed = true;
        continue;
      }
      std::unique_ptr<Instruction> folded = fold(inst);
      if (!folded)
        continue;
      folded->setParent(bb.get());
      Instruction *replacement = folded.get();
      insts.insert(insts.begin() + i, std::move(folded));
      ++i;
      replaced[insts[i].get()] = replacement;
      changed = true;
    }
  }
  if (!replaced.empty())
    for (auto &bb : fn.blocks())
      for (auto &inst : bb->instructions())
        rewriteOperands(*inst);
  return changed;
}

bool pyjit::ir::removeDeadCode(Function &fn) {
  std::set<const Value *> live;
  std::vector<const Instruction *> work;
  for (auto &bb : fn.blocks())
    for (auto &inst : bb->instructions())
      if (hasEffect(*inst)) {
        live.insert(inst.get());
        work.push_back(inst.get());
      }
  while (!work.empty()) {
    const Instruction *inst = work.back();
    work.pop_back();
    for (const Value *op : inst->operands())
      if (auto *def = dyn_cast<Instruction>(op); def && live.insert(def).second)
        work.push_back(def);
  }
  bool changed = false;
  for (auto &bb : fn.blocks()) {
    auto &insts = bb->instructions();
    size_t before = insts.size();
    insts.erase(std::remove_if(insts.begin(), insts.end(),
                               [&](const auto &i) { return !live.count(i.get()); }),
                insts.end());
    changed |= insts.size() != before;
  }
  return changed;
}

bool pyjit::ir::simplifyCFG(Function &fn) {
  size_t blocksBefore = fn.blocks().size();
  fn.removeUnreachableBlocks();
  bool changed = fn.blocks().size() != blocksBefore;
  // One pass, linear in the function's size (a kernel inlining thousands of
  // calls has thousands of blocks): a block whose only predecessor ends in
  // an unconditional branch to it moves into that predecessor. Successors'
  // edges are moved at once, so a chain merges link by link in any order;
  // phis left with one incoming value are replaced by it in one sweep at
  // the end, and the emptied blocks are dropped then.
  llvm::DenseMap<Value *, Value *> replaced;
  std::vector<std::unique_ptr<Instruction>> removedPhis; // addresses stay unique
  llvm::DenseSet<const BasicBlock *> merged;
  // In reverse postorder a predecessor comes first, so a chain's blocks all
  // move into its head once each (not into one another, again and again).
  for (BasicBlock *bb : fn.reversePostOrder()) {
    if (bb == fn.entry() || bb->predecessors().size() != 1)
      continue;
    BasicBlock *pred = bb->predecessors()[0];
    Instruction *term = pred->terminator();
    if (pred == bb || !term || term->opcode() != Opcode::Br)
      continue;
    auto &insts = bb->instructions();
    size_t firstNonPhi = 0;
    for (; firstNonPhi < insts.size() && insts[firstNonPhi]->opcode() == Opcode::Phi; ++firstNonPhi) {
      replaced[insts[firstNonPhi].get()] = insts[firstNonPhi]->operand(0);
      removedPhis.push_back(std::move(insts[firstNonPhi]));
    }
    assert(pred->instructions().back().get() == term);
    pred->instructions().pop_back(); // the branch (not erase(): its search grows with the chain)
    for (size_t k = firstNonPhi; k < insts.size(); ++k) {
      insts[k]->setParent(pred);
      pred->instructions().push_back(std::move(insts[k]));
    }
    insts.clear();
    for (BasicBlock *succ : pred->successors()) {
      for (BasicBlock *&p : succ->predecessors())
        if (p == bb)
          p = pred;
      for (auto &inst : succ->instructions())
        if (inst->opcode() == Opcode::Phi)
          for (BasicBlock *&from : inst->blocks())
            if (from == bb)
              from = pred;
    }
    bb->predecessors().clear();
    merged.insert(bb);
  }
  if (merged.empty())
    return changed;
  if (!replaced.empty()) {
    auto resolve = [&](Value *v) {
      for (auto it = replaced.find(v); it != replaced.end(); it = replaced.find(v))
        v = it->second;
      return v;
    };
    for (auto &bb : fn.blocks())
      for (auto &inst : bb->instructions())
        for (unsigned i = 0, e = inst->numOperands(); i != e; ++i)
          if (replaced.count(inst->operand(i)))
            inst->setOperand(i, resolve(inst->operand(i)));
  }
  auto &blocks = fn.blocks();
  blocks.erase(std::remove_if(blocks.begin(), blocks.end(),
                              [&](const auto &b) { return merged.count(b.get()) != 0; }),
               blocks.end());
  return true;
}

llvm::Error pyjit::ir::runCleanupPasses(Function &fn, TypeContext &ctx) {
  auto check = [&](const char *pass) -> llvm::Error {
#ifndef NDEBUG
    if (auto err = verifyFunction(fn))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     llvm::Twine("after ") + pass + ": " +
                                         llvm::toString(std::move(err)));
#endif
    (void)pass;
    return llvm::Error::success();
  };
  for (int round = 0; round < 8; ++round) {
    bool changed = foldIndexChecks(fn, ctx);
    if (auto err = check("index-check folding"))
      return err;
    changed |= foldConstants(fn, ctx);
    if (auto err = check("constant folding"))
      return err;
    changed |= simplifyCFG(fn);
    if (auto err = check("CFG simplification"))
      return err;
    changed |= removeDeadCode(fn);
    if (auto err = check("dead-code removal"))
      return err;
    if (!changed)
      break;
  }
  return verifyFunction(fn);
}
