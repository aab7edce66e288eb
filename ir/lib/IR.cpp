//===- IR.cpp - Blocks, functions and opcode names of the SSA IR ---------===//
#include "pyjit/ir/Function.h"
#include <algorithm>
#include <cassert>
#include <set>

using namespace pyjit::ir;

const char *pyjit::ir::opcodeName(Opcode op) {
  switch (op) {
  case Opcode::ConstInt: return "const";
  case Opcode::ConstFloat: return "const";
  case Opcode::ConstBool: return "const";
  case Opcode::ConstChars: return "const";
  case Opcode::CharsLen: return "chars_len";
  case Opcode::Add: return "add";
  case Opcode::Sub: return "sub";
  case Opcode::Mul: return "mul";
  case Opcode::TrueDiv: return "truediv";
  case Opcode::FloorDiv: return "floordiv";
  case Opcode::Mod: return "mod";
  case Opcode::Pow: return "pow";
  case Opcode::BitAnd: return "and";
  case Opcode::BitOr: return "or";
  case Opcode::BitXor: return "xor";
  case Opcode::Shl: return "shl";
  case Opcode::Shr: return "shr";
  case Opcode::Neg: return "neg";
  case Opcode::Not: return "not";
  case Opcode::Invert: return "invert";
  case Opcode::Cmp: return "cmp";
  case Opcode::Cast: return "cast";
  case Opcode::Bitcast: return "bitcast";
  case Opcode::Select: return "select";
  case Opcode::Sqrt: return "sqrt";
  case Opcode::Abs: return "abs";
  case Opcode::Min: return "min";
  case Opcode::Max: return "max";
  case Opcode::Math: return "math";
  case Opcode::Cuda: return "cuda";
  case Opcode::Libdevice: return "libdevice";
  case Opcode::GlobalArray: return "global_array";
  case Opcode::ExternCall: return "extern";
  case Opcode::Call: return "call";
  case Opcode::CheckStack: return "check_stack";
  case Opcode::Coop: return "coop";
  case Opcode::CoopAggregate: return "coop.aggregate";
  case Opcode::Print: return "print";
  case Opcode::DebugValue: return "debug_value";
  case Opcode::Raise: return "raise";
  case Opcode::ComplexMake: return "complex";
  case Opcode::ComplexPart: return "part";
  case Opcode::ArrayStride: return "stride";
  case Opcode::ArrayAddress: return "address";
  case Opcode::ArrayView: return "view";
  case Opcode::AllocArray: return "alloc";
  case Opcode::SReg: return "sreg";
  case Opcode::ArrayShape: return "shape";
  case Opcode::ArrayLoad: return "load";
  case Opcode::ArrayStore: return "store";
  case Opcode::RecordLoad: return "load_field";
  case Opcode::RecordFieldView: return "field_view";
  case Opcode::ComplexPartView: return "part_view";
  case Opcode::ArrayFieldView: return "field_array";
  case Opcode::ArrayReshape: return "reshape";
  case Opcode::ArrayTranspose: return "transpose";
  case Opcode::ArrayNewAxis: return "new_axis";
  case Opcode::ArrayCast: return "array_cast";
  case Opcode::RecordStore: return "store_field";
  case Opcode::Phi: return "phi";
  case Opcode::Br: return "br";
  case Opcode::CondBr: return "condbr";
  case Opcode::Ret: return "ret";
  }
  return "?";
}

const char *pyjit::ir::cmpPredicateName(CmpPredicate p) {
  switch (p) {
  case CmpPredicate::Eq: return "eq";
  case CmpPredicate::Ne: return "ne";
  case CmpPredicate::Lt: return "lt";
  case CmpPredicate::Le: return "le";
  case CmpPredicate::Gt: return "gt";
  case CmpPredicate::Ge: return "ge";
  }
  return "?";
}

const char *pyjit::ir::specialRegName(SpecialReg r) {
  static const char *names[] = {"tid.x",    "tid.y",    "tid.z",    "ntid.x",
                                "ntid.y",   "ntid.z",   "ctaid.x",  "ctaid.y",
                                "ctaid.z",  "nctaid.x", "nctaid.y", "nctaid.z",
                                "laneid",   "warpsize", "lanemask_lt"};
  return names[static_cast<int>(r)];
}

Instruction *BasicBlock::append(std::unique_ptr<Instruction> inst) {
  inst->setParent(this);
  insts.push_back(std::move(inst));
  return insts.back().get();
}

Instruction *BasicBlock::prepend(std::unique_ptr<Instruction> inst) {
  inst->setParent(this);
  insts.insert(insts.begin(), std::move(inst));
  return insts.front().get();
}

Instruction *BasicBlock::insertBefore(Instruction *pos, std::unique_ptr<Instruction> inst) {
  auto it = std::find_if(insts.begin(), insts.end(),
                         [&](const auto &p) { return p.get() == pos; });
  assert(it != insts.end() && "insertion point not in this block");
  inst->setParent(this);
  return insts.insert(it, std::move(inst))->get();
}

void BasicBlock::erase(Instruction *inst) {
  auto it = std::find_if(insts.begin(), insts.end(),
                         [&](const auto &p) { return p.get() == inst; });
  if (it != insts.end())
    insts.erase(it);
}

std::unique_ptr<Instruction> BasicBlock::remove(Instruction *inst) {
  auto it = std::find_if(insts.begin(), insts.end(),
                         [&](const auto &p) { return p.get() == inst; });
  if (it == insts.end())
    return nullptr;
  std::unique_ptr<Instruction> owned = std::move(*it);
  insts.erase(it);
  return owned;
}

std::vector<BasicBlock *> BasicBlock::successors() const {
  if (Instruction *t = terminator())
    return t->blocks();
  return {};
}

Argument *Function::addArgument(Type *type, std::string name) {
  args.push_back(std::make_unique<Argument>(type, std::move(name),
                                            static_cast<unsigned>(args.size())));
  return args.back().get();
}

BasicBlock *Function::createBlock() {
  bbs.push_back(std::make_unique<BasicBlock>(this, nextBlockId++));
  return bbs.back().get();
}

void Function::replaceAllUsesWith(Value *from, Value *to) {
  replaceAllUsesWith(llvm::DenseMap<Value *, Value *>{{from, to}});
}

void Function::replaceAllUsesWith(const llvm::DenseMap<Value *, Value *> &replacements) {
  if (replacements.empty())
    return;
  for (auto &bb : bbs)
    for (auto &inst : bb->instructions())
      for (unsigned i = 0; i < inst->numOperands(); ++i)
        if (auto it = replacements.find(inst->operand(i)); it != replacements.end())
          inst->setOperand(i, it->second);
}

std::vector<BasicBlock *> Function::reversePostOrder() const {
  std::vector<BasicBlock *> postorder;
  std::set<const BasicBlock *> visited{entry()};
  // (block, its successors, the next one to visit)
  struct Frame {
    BasicBlock *bb;
    std::vector<BasicBlock *> succ;
    size_t next = 0;
  };
  std::vector<Frame> stack;
  stack.push_back({entry(), entry()->successors()});
  while (!stack.empty()) {
    Frame &top = stack.back();
    if (top.next < top.succ.size()) {
      BasicBlock *s = top.succ[top.next++];
      if (visited.insert(s).second)
        stack.push_back({s, s->successors()});
      continue;
    }
    postorder.push_back(top.bb);
    stack.pop_back();
  }
  return {postorder.rbegin(), postorder.rend()};
}

void Function::removeUnreachableBlocks() {
  std::set<BasicBlock *> reachable;
  std::vector<BasicBlock *> work{entry()};
  while (!work.empty()) {
    BasicBlock *bb = work.back();
    work.pop_back();
    if (!reachable.insert(bb).second)
      continue;
    for (BasicBlock *s : bb->successors())
      work.push_back(s);
  }
  for (auto &bb : bbs) {
    if (!reachable.count(bb.get()))
      continue;
    auto &preds = bb->predecessors();
    for (size_t i = preds.size(); i-- > 0;) {
      if (reachable.count(preds[i]))
        continue;
      // Drop the edge and the matching phi operand.
      for (auto &inst : bb->instructions()) {
        if (inst->opcode() != Opcode::Phi)
          continue;
        for (size_t k = inst->blocks().size(); k-- > 0;)
          if (inst->blocks()[k] == preds[i]) {
            inst->blocks().erase(inst->blocks().begin() + k);
            inst->removeOperand(static_cast<unsigned>(k));
          }
      }
      preds.erase(preds.begin() + i);
    }
  }
  bbs.erase(std::remove_if(bbs.begin(), bbs.end(),
                           [&](const auto &bb) { return !reachable.count(bb.get()); }),
            bbs.end());
}
