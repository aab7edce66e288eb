//===- Verifier.cpp - Structural and type checks of the SSA IR -----------===//
#include "pyjit/ir/Verifier.h"
#include "pyjit/ir/IRPrinter.h"
#include "llvm/ADT/DenseMap.h"
#include <vector>

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
  // Immediate dominators by Cooper, Harvey and Kennedy, "A Simple, Fast
  // Dominance Algorithm" (2001), over the reverse postorder of the blocks
  // reachable from the entry; then a preorder numbering of the dominator
  // tree, so that a dominance query is two comparisons. Every block
  // dominates an unreachable one (its uses are never run); an unreachable
  // block dominates no reachable one.
  void computeDominators() {
    std::vector<BasicBlock *> rpo = fn.reversePostOrder();
    for (unsigned i = 0; i < rpo.size(); ++i)
      rpoIndex[rpo[i]] = i;
    std::vector<int> idom(rpo.size(), -1);
    idom[0] = 0;
    auto intersect = [&](int a, int b) {
      while (a != b) {
        while (a > b)
          a = idom[a];
        while (b > a)
          b = idom[b];
      }
      return a;
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (unsigned i = 1; i < rpo.size(); ++i) {
        int newIdom = -1;
        for (const BasicBlock *p : rpo[i]->predecessors()) {
          auto it = rpoIndex.find(p);
          if (it == rpoIndex.end() || idom[it->second] < 0)
            continue; // unreachable, or not yet processed
          int pi = static_cast<int>(it->second);
          newIdom = newIdom < 0 ? pi : intersect(pi, newIdom);
        }
        if (newIdom != idom[i]) {
          idom[i] = newIdom;
          changed = true;
        }
      }
    }
    // Preorder entry/exit numbers of the dominator tree. A block reached
    // through successors whose predecessor lists miss the edge gets no idom:
    // it is left out, as unreachable (checkBlock reports the missing edge).
    std::vector<std::vector<unsigned>> children(rpo.size());
    for (unsigned i = 1; i < rpo.size(); ++i) {
      if (idom[i] < 0)
        rpoIndex.erase(rpo[i]);
      else
        children[idom[i]].push_back(i);
    }
    treeIn.assign(rpo.size(), 0);
    treeOut.assign(rpo.size(), 0);
    unsigned clock = 0;
    std::vector<std::pair<unsigned, size_t>> walk{{0, 0}};
    treeIn[0] = clock++;
    while (!walk.empty()) {
      auto &[node, next] = walk.back();
      if (next < children[node].size()) {
        unsigned child = children[node][next++];
        treeIn[child] = clock++;
        walk.push_back({child, 0});
        continue;
      }
      treeOut[node] = clock++;
      walk.pop_back();
    }
    for (const auto &bb : fn.blocks())
      for (size_t i = 0; i < bb->instructions().size(); ++i)
        position[bb->instructions()[i].get()] = i;
  }

  /// Whether block `a` dominates block `b`.
  bool blockDominates(const BasicBlock *a, const BasicBlock *b) {
    auto bi = rpoIndex.find(b);
    if (bi == rpoIndex.end())
      return true; // b is unreachable
    auto ai = rpoIndex.find(a);
    if (ai == rpoIndex.end())
      return false;
    return treeIn[ai->second] <= treeIn[bi->second] && treeOut[bi->second] <= treeOut[ai->second];
  }

  bool dominates(const Value *def, const Instruction *user, const BasicBlock *useBlock) {
    auto *defInst = llvm::dyn_cast<Instruction>(def);
    if (!defInst)
      return true; // arguments dominate everything
    const BasicBlock *defBlock = defInst->parent();
    if (defBlock == useBlock && user)
      return position[defInst] < position[user];
    return blockDominates(defBlock, useBlock);
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
    case Opcode::Pow:
      // float32/float64 ** int64: numba's integer power (repeated squaring).
      if (auto *n = inst.numOperands() == 2 ? llvm::dyn_cast<IntType>(inst.operand(1)->type())
                                            : nullptr;
          n && n->bits() == 64 && n->isSigned() && llvm::isa<FloatType>(inst.type()) &&
          inst.operand(0)->type() == inst.type())
        return llvm::Error::success();
      [[fallthrough]];
    case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::TrueDiv:
    case Opcode::FloorDiv: case Opcode::Mod: case Opcode::BitAnd:
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
      if (llvm::isa<CharSeqType>(inst.operand(0)->type()) &&
          inst.predicate() != CmpPredicate::Eq && inst.predicate() != CmpPredicate::Ne)
        return fail(&bb, "bytes and str items compare with eq and ne only");
      return llvm::Error::success();
    case Opcode::ConstChars:
      if (inst.numOperands() != 0 || !llvm::isa<CharSeqType>(inst.type()))
        return fail(&bb, "a chars constant is a bytes or str item");
      return llvm::Error::success();
    case Opcode::CharsLen:
      if (inst.numOperands() != 1 || !llvm::isa<CharSeqType>(inst.operand(0)->type()) ||
          !llvm::isa<IntType>(inst.type()) || llvm::cast<IntType>(inst.type())->bits() != 64)
        return fail(&bb, "chars_len takes a bytes or str item and gives int64");
      return llvm::Error::success();
    case Opcode::DebugValue:
      if (inst.numOperands() != 1 || !llvm::isa<NoneType>(inst.type()) || inst.text.empty())
        return fail(&bb, "debug_value names one value of a variable and gives nothing");
      return llvm::Error::success();
    case Opcode::Cast: {
      // Scalars; or a datetime64/timedelta64 and its int64 count (the same
      // bits: unit conversions are explicit arithmetic, IRGenDatetime.cpp).
      auto datetimeOrCount = [](Type *t) {
        auto *it = llvm::dyn_cast<IntType>(t);
        return llvm::isa<DatetimeType>(t) || (it && it->bits() == 64 && it->isSigned());
      };
      if (auto *to = llvm::dyn_cast<CharSeqType>(inst.type())) {
        auto *from = inst.numOperands() == 1
                         ? llvm::dyn_cast<CharSeqType>(inst.operand(0)->type()) : nullptr;
        if (!from || from->unicode() != to->unicode())
          return fail(&bb, "a bytes or str item casts to one of its kind");
        return llvm::Error::success();
      }
      bool datetime = llvm::isa<DatetimeType>(inst.type()) ||
                      (inst.numOperands() == 1 && llvm::isa<DatetimeType>(inst.operand(0)->type()));
      if (inst.numOperands() != 1 ||
          (datetime ? !(datetimeOrCount(inst.type()) && datetimeOrCount(inst.operand(0)->type()))
                    : !(inst.type()->isScalar() && inst.operand(0)->type()->isScalar())))
        return fail(&bb, "cast is between scalars, or a datetime64/timedelta64 and int64");
      return llvm::Error::success();
    }
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
    case Opcode::RecordLoad:
    case Opcode::RecordStore: {
      auto *at = llvm::dyn_cast<ArrayType>(inst.operand(0)->type());
      auto *rt = at ? llvm::dyn_cast<RecordType>(at->dtype()) : nullptr;
      unsigned extra = inst.opcode() == Opcode::RecordStore ? 1 : 0;
      if (!rt || inst.numOperands() != 1 + at->ndim() + extra)
        return fail(&bb, "a record field access needs a record array and one index per dimension");
      Type *ft = extra ? inst.operands().back()->type() : inst.type();
      // Fields may overlap (NumPy offsets): any at the offset, of the type,
      // also inside nested records (a[i].inner.x).
      if (!rt->scalarAt(static_cast<uint64_t>(inst.intImm), ft))
        return fail(&bb, "a record field access must name a field at its offset, of its type");
      return llvm::Error::success();
    }
    case Opcode::ArrayNewAxis: {
      auto *at = llvm::dyn_cast<ArrayType>(inst.operand(0)->type());
      auto *view = llvm::dyn_cast<ArrayType>(inst.type());
      if (!at || !view || at->dtype() != view->dtype() || inst.numOperands() != 1 ||
          view->ndim() >= 64 || inst.intImm < 0 || inst.intImm >> view->ndim() ||
          view->ndim() != at->ndim() + llvm::popcount(static_cast<uint64_t>(inst.intImm)))
        return fail(&bb, "a new-axis view keeps the dtype and adds one dimension per bit");
      return llvm::Error::success();
    }
    case Opcode::ArrayReshape: {
      auto *at = llvm::dyn_cast<ArrayType>(inst.operand(0)->type());
      auto *view = llvm::dyn_cast<ArrayType>(inst.type());
      // (Of another scalar dtype too: a.view(dtype), the same bytes.) A 0-d
      // record array's element (r[()]) is its 1-element view of layout A.
      auto *fromRecord = at ? llvm::dyn_cast<RecordType>(at->dtype()) : nullptr;
      auto *toRecord = view ? llvm::dyn_cast<RecordType>(view->dtype()) : nullptr;
      if (fromRecord && toRecord && at->ndim() == 0 && view->ndim() == 1 &&
          fromRecord->writable() == toRecord->writable() && inst.numOperands() == 2)
        return llvm::Error::success();
      if (!at || !view || !at->dtype()->isScalar() != !view->dtype()->isScalar() ||
          (at->dtype() != view->dtype() && !view->dtype()->isScalar()) ||
          (at->layout() != Layout::C && !view->isPointer()) ||
          (view->layout() != Layout::C && view->ndim() != 1) ||
          inst.numOperands() != 1 + view->ndim())
        return fail(&bb, "a reshape takes a C array (any array to a pointer) and gives a C "
                         "array of its dtype (or of another scalar dtype), one extent per "
                         "dimension");
      return llvm::Error::success();
    }
    case Opcode::ComplexPartView: {
      auto *at = llvm::dyn_cast<ArrayType>(inst.operand(0)->type());
      auto *view = llvm::dyn_cast<ArrayType>(inst.type());
      auto *ct = at ? llvm::dyn_cast<ComplexType>(at->dtype()) : nullptr;
      auto *ft = view ? llvm::dyn_cast<FloatType>(view->dtype()) : nullptr;
      if (!ct || !ft || ft->bits() != ct->partBits() || view->ndim() != at->ndim())
        return fail(&bb, "a complex part view takes a complex array and gives its parts' "
                         "float array of the same rank");
      return llvm::Error::success();
    }
    case Opcode::ArrayFieldView: {
      auto *at = llvm::dyn_cast<ArrayType>(inst.operand(0)->type());
      auto *view = llvm::dyn_cast<ArrayType>(inst.type());
      auto *rt = at ? llvm::dyn_cast<RecordType>(at->dtype()) : nullptr;
      bool found = rt && view && llvm::any_of(rt->fields(), [&](const RecordType::Field &f) {
        return !f.isArray() && f.type == view->dtype() &&
               f.offset == static_cast<uint64_t>(inst.intImm);
      });
      if (!found || view->ndim() != at->ndim())
        return fail(&bb, "a field array takes a record array and gives the array of one of its "
                         "fields, of the same rank");
      return llvm::Error::success();
    }
    case Opcode::RecordFieldView: {
      auto *at = llvm::dyn_cast<ArrayType>(inst.operand(0)->type());
      auto *rt = at ? llvm::dyn_cast<RecordType>(at->dtype()) : nullptr;
      auto *view = llvm::dyn_cast<ArrayType>(inst.type());
      if (!rt || !view || inst.numOperands() != 1 + at->ndim() + 2 * view->ndim())
        return fail(&bb, "a record field view needs a record array, one index per dimension "
                         "and the view's extents and strides");
      if (static_cast<uint64_t>(inst.intImm) >= rt->size())
        return fail(&bb, "a record field view's offset lies outside the record");
      return llvm::Error::success();
    }
    default:
      return llvm::Error::success();
    }
  }

  const Function &fn;
  llvm::DenseMap<const BasicBlock *, unsigned> rpoIndex; // reachable blocks only
  std::vector<unsigned> treeIn, treeOut; // dominator-tree preorder numbers, by rpoIndex
  llvm::DenseMap<const Instruction *, size_t> position;
};
} // namespace

llvm::Error pyjit::ir::verifyFunction(const Function &fn) { return Verifier(fn).run(); }
