//===- IRBuilder.cpp - Instruction creation helpers ----------------------===//
#include "pyjit/ir/IRBuilder.h"
#include "llvm/ADT/APFloat.h"
#include <cassert>

using namespace pyjit::ir;

Instruction *IRBuilder::create(Opcode op, Type *type, std::vector<Value *> operands) {
  assert(block && "no insertion block");
  Instruction *inst =
      block->append(std::make_unique<Instruction>(op, type, std::move(operands), loc));
  inst->setFile(file);
  inst->inlineSite = inlineSite;
  ++createdCount;
  return inst;
}

Value *IRBuilder::constInt(Type *type, int64_t v) {
  Instruction *i = create(Opcode::ConstInt, type, {});
  if (auto *it = llvm::dyn_cast<IntType>(type); it && it->bits() < 64) {
    uint64_t mask = (uint64_t(1) << it->bits()) - 1;
    uint64_t u = static_cast<uint64_t>(v) & mask;
    if (it->isSigned() && (u >> (it->bits() - 1)))
      u |= ~mask;
    v = static_cast<int64_t>(u);
  }
  i->intImm = v;
  return i;
}

Value *IRBuilder::constFloat(Type *type, double v) {
  Instruction *i = create(Opcode::ConstFloat, type, {});
  if (auto *ft = llvm::dyn_cast<FloatType>(type); ft && ft->bits() < 64) {
    llvm::APFloat f(v);
    bool lost;
    f.convert(ft->semantics(), llvm::APFloat::rmNearestTiesToEven, &lost);
    f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &lost);
    v = f.convertToDouble();
  }
  i->floatImm = v;
  return i;
}

Value *IRBuilder::constBool(bool v) {
  Instruction *i = create(Opcode::ConstBool, ctx.boolean(), {});
  i->intImm = v;
  return i;
}

Value *IRBuilder::binary(Opcode op, Value *lhs, Value *rhs) {
  assert(lhs->type() == rhs->type() && "binary operands must have one type");
  return create(op, lhs->type(), {lhs, rhs});
}

Value *IRBuilder::unary(Opcode op, Value *operand) {
  return create(op, operand->type(), {operand});
}

Value *IRBuilder::cmp(CmpPredicate pred, Value *lhs, Value *rhs) {
  assert(lhs->type() == rhs->type() && "cmp operands must have one type");
  Instruction *i = create(Opcode::Cmp, ctx.boolean(), {lhs, rhs});
  i->intImm = static_cast<int64_t>(pred);
  return i;
}

Value *IRBuilder::cast(Value *v, Type *to) {
  if (v->type() == to)
    return v;
  // A 64-bit integer to bfloat16 rounds once: through float64 only where
  // that keeps it on its side of every bfloat16 tie (numba-cuda's
  // __ll2bfloat16_rn rounds once).
  auto *ft = llvm::dyn_cast<FloatType>(to);
  auto *it = llvm::dyn_cast<IntType>(v->type());
  if (ft && ft->isBFloat16() && it && it->bits() == 64)
    return create(Opcode::Cast, to, {float64OnSideOf(v)});
  return create(Opcode::Cast, to, {v});
}

Value *IRBuilder::float64OnSideOf(Value *v) {
  auto *it = llvm::cast<IntType>(v->type());
  Type *f64 = ctx.float64();
  Value *wide = create(Opcode::Cast, f64, {v});
  // v - wide's sign, in the integer type (a wide at or past the type's
  // range is above every v; below it the saturating cast back is exact).
  Value *pastRange = cmp(CmpPredicate::Ge, wide, constFloat(f64, it->isSigned() ? 0x1p63 : 0x1p64));
  Value *wideInt = create(Opcode::Cast, v->type(), {wide});
  Value *above = select(pastRange, constBool(false), cmp(CmpPredicate::Gt, v, wideInt));
  Value *below = select(pastRange, constBool(true), cmp(CmpPredicate::Lt, v, wideInt));
  return float64Step(wide, above, below); // where wide rounded, |v| > 2**53: not zero
}

Value *IRBuilder::float64Step(Value *x, Value *up, Value *down) {
  // A step changes the magnitude by one unit of the bits: up is larger for a
  // positive x, smaller for a negative one.
  Type *f64 = ctx.float64(), *i64 = ctx.int64();
  Value *positive = cmp(CmpPredicate::Gt, x, constFloat(f64, 0));
  Value *bits = create(Opcode::Bitcast, i64, {x});
  Value *larger = binary(Opcode::Add, bits, constInt(i64, 1));
  Value *smaller = binary(Opcode::Sub, bits, constInt(i64, 1));
  Value *stepUp = select(positive, larger, smaller), *stepDown = select(positive, smaller, larger);
  return create(Opcode::Bitcast, f64, {select(up, stepUp, select(down, stepDown, bits))});
}

Value *IRBuilder::select(Value *cond, Value *a, Value *b) {
  return create(Opcode::Select, a->type(), {cond, a, b});
}

Value *IRBuilder::sreg(SpecialReg r) {
  Instruction *i = create(Opcode::SReg, ctx.int32(), {});
  i->intImm = static_cast<int64_t>(r);
  return i;
}

Value *IRBuilder::arrayShape(Value *array, unsigned dim) {
  Instruction *i = create(Opcode::ArrayShape, ctx.int64(), {array});
  i->intImm = dim;
  return i;
}

Value *IRBuilder::arrayLoad(Value *array, llvm::ArrayRef<Value *> indices) {
  std::vector<Value *> ops{array};
  ops.insert(ops.end(), indices.begin(), indices.end());
  return create(Opcode::ArrayLoad, llvm::cast<ArrayType>(array->type())->dtype(), ops);
}

void IRBuilder::arrayStore(Value *array, llvm::ArrayRef<Value *> indices, Value *value) {
  std::vector<Value *> ops{array};
  ops.insert(ops.end(), indices.begin(), indices.end());
  ops.push_back(value);
  create(Opcode::ArrayStore, ctx.none(), ops);
}

Instruction *IRBuilder::phi(Type *type, BasicBlock *bb) {
  return bb->prepend(std::make_unique<Instruction>(Opcode::Phi, type, std::vector<Value *>{}, loc));
}

void IRBuilder::br(BasicBlock *dest) {
  Instruction *i = create(Opcode::Br, ctx.none(), {});
  i->blocks().push_back(dest);
  dest->predecessors().push_back(block);
}

void IRBuilder::condBr(Value *cond, BasicBlock *ifTrue, BasicBlock *ifFalse) {
  Instruction *i = create(Opcode::CondBr, ctx.none(), {cond});
  i->blocks() = {ifTrue, ifFalse};
  ifTrue->predecessors().push_back(block);
  ifFalse->predecessors().push_back(block);
}

void IRBuilder::ret() { create(Opcode::Ret, ctx.none(), {}); }
void IRBuilder::stop() { create(Opcode::Ret, ctx.none(), {})->intImm = 1; }
