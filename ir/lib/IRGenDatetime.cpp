//===- IRGenDatetime.cpp - datetime64/timedelta64 operators as int64 -----===//
//
// A datetime64/timedelta64 value is an int64 count of its unit, NaT being
// INT64_MIN (kNaT). Operators (DatetimeRules.h) scale both operands to the
// finer unit, compute in int64 (or float64) and give NaT, or the value
// NumPy's loops give, where an operand is NaT (numpy/_core/src/umath/
// loops.c.src, TIMEDELTA_* and DATETIME_*; numba's numba/np/npdatetime.py):
//   + -        NaT if either is NaT
//   t * n      NaT if t is NaT (or n * t is not finite, for a float n)
//   t / n      truncated toward zero; NaT if t is NaT or n is 0
//   t // n     as t / n (numba lowers both with sdiv)
//   t / u      float64; NaN if either is NaT
//   t // u     int64 floor division; 0 if either is NaT or u is 0
//   t % u      floor modulo; NaT if either is NaT or u is 0
//   == < ...   false if either is NaT (!= true), NumPy 1.16 on
//
//===----------------------------------------------------------------------===//
#include "IRGenImpl.h"
#include "pyjit/ir/DatetimeRules.h"
#include <cassert>
#include <limits>

namespace pyjit::ir::detail {

namespace {
/// or, of two bools, as the IR spells it.
Value *either(IRBuilder &b, Value *x, Value *y) { return b.select(x, b.constBool(true), y); }
} // namespace

Value *IRGen::datetimeRescale(Value *v, DatetimeType *to) {
  auto *from = cast<DatetimeType>(v->type());
  if (from == to)
    return v;
  std::optional<int64_t> factor = unitFactor(from->unit(), to->unit());
  assert(factor && "inference checks that the units convert");
  Value *count = b.cast(v, ctx.int64());
  Value *nat = b.cmp(CmpPredicate::Eq, count, b.constInt(ctx.int64(), kNaT));
  Value *scaled = b.binary(Opcode::Mul, count, b.constInt(ctx.int64(), factor.value_or(1)));
  return b.cast(b.select(nat, count, scaled), to);
}

Value *IRGen::timedeltaNegate(Value *v) {
  // -NaT wraps to NaT: INT64_MIN is its own negation.
  return b.cast(b.unary(Opcode::Neg, b.cast(v, ctx.int64())), v->type());
}

RValue IRGen::datetimeBinary(BinaryOp op, const RValue &l, const RValue &r, Type *result) {
  Type *i64 = ctx.int64();
  Value *natConst = b.constInt(i64, kNaT);
  auto isNaT = [&](Value *count) { return b.cmp(CmpPredicate::Eq, count, natConst); };
  auto *ld = dyn_cast<DatetimeType>(l.type), *rd = dyn_cast<DatetimeType>(r.type);
  if (ld && rd) {
    llvm::StringRef unit = commonUnit(ld->unit(), rd->unit());
    Value *a = b.cast(datetimeRescale(l.value, ctx.datetime(ld->isTimedelta(), unit)), i64);
    Value *c = b.cast(datetimeRescale(r.value, ctx.datetime(rd->isTimedelta(), unit)), i64);
    Value *nat = either(b, isNaT(a), isNaT(c));
    Value *zero = b.cmp(CmpPredicate::Eq, c, b.constInt(i64, 0));
    switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Sub: {
      Value *sum = b.binary(op == BinaryOp::Add ? Opcode::Add : Opcode::Sub, a, c);
      return RValue::of(b.cast(b.select(nat, natConst, sum), result));
    }
    case BinaryOp::TrueDiv: {
      Value *q = b.binary(Opcode::TrueDiv, b.cast(a, ctx.float64()), b.cast(c, ctx.float64()));
      return RValue::of(b.select(nat, b.constFloat(ctx.float64(),
                                                   std::numeric_limits<double>::quiet_NaN()),
                                 q));
    }
    case BinaryOp::FloorDiv: { // the IR's floor division gives 0 for a zero divisor
      Value *q = b.binary(Opcode::FloorDiv, a, c);
      return RValue::of(b.select(nat, b.constInt(i64, 0), q));
    }
    case BinaryOp::Mod: {
      Value *m = b.binary(Opcode::Mod, a, c);
      return RValue::of(b.cast(b.select(either(b, nat, zero), natConst, m), result));
    }
    default:
      break;
    }
    assert(false && "inference types only these datetime operators");
    return {};
  }
  // A timedelta and a number.
  bool deltaLeft = ld != nullptr;
  const RValue &t = deltaLeft ? l : r, &n = deltaLeft ? r : l;
  Value *a = b.cast(t.value, i64);
  Value *nat = isNaT(a);
  if (isa<FloatType>(n.type)) {
    Value *fa = b.cast(a, ctx.float64()), *fn = castTo(n, ctx.float64());
    Value *p = b.binary(op == BinaryOp::Mul ? Opcode::Mul : Opcode::TrueDiv, fa, fn);
    // NaN, infinite or past int64: NaT (NumPy casts the double, which x86's
    // cvttsd2si turns into INT64_MIN, NaT). Within (-2^63, 2^63) otherwise.
    Value *limit = b.constFloat(ctx.float64(), 9223372036854775808.0); // 2^63
    Value *inRange = b.select(b.cmp(CmpPredicate::Lt, p, limit),
                              b.cmp(CmpPredicate::Gt, p, b.unary(Opcode::Neg, limit)),
                              b.constBool(false)); // false for NaN too
    Value *bad = either(b, nat, b.unary(Opcode::Not, inRange));
    return RValue::of(b.cast(b.select(bad, natConst, b.cast(p, i64)), result));
  }
  Value *k = castTo(n, i64);
  if (op == BinaryOp::Mul)
    return RValue::of(b.cast(b.select(nat, natConst, b.binary(Opcode::Mul, a, k)), result));
  // t / k and t // k: truncated toward zero (C's division, as NumPy's and
  // numba's); NaT for a zero divisor. From the IR's floor division: one more
  // where the remainder is not zero and the signs differ.
  Value *zeroInt = b.constInt(i64, 0);
  Value *zero = b.cmp(CmpPredicate::Eq, k, zeroInt);
  Value *q = b.binary(Opcode::FloorDiv, a, k);
  Value *rem = b.binary(Opcode::Sub, a, b.binary(Opcode::Mul, q, k));
  Value *signsDiffer = b.cmp(CmpPredicate::Lt, b.binary(Opcode::BitXor, a, k), zeroInt);
  Value *adjust = b.select(b.cmp(CmpPredicate::Ne, rem, zeroInt), signsDiffer, b.constBool(false));
  q = b.select(adjust, b.binary(Opcode::Add, q, b.constInt(i64, 1)), q);
  return RValue::of(b.cast(b.select(either(b, nat, zero), natConst, q), result));
}

Value *IRGen::datetimeCompare(CompareOp op, const RValue &l, const RValue &r) {
  auto *ld = cast<DatetimeType>(l.type), *rd = cast<DatetimeType>(r.type);
  DatetimeType *common = ctx.datetime(ld->isTimedelta(), commonUnit(ld->unit(), rd->unit()));
  Value *a = b.cast(datetimeRescale(l.value, common), ctx.int64());
  Value *c = b.cast(datetimeRescale(r.value, common), ctx.int64());
  Value *natConst = b.constInt(ctx.int64(), kNaT);
  Value *nat = either(b, b.cmp(CmpPredicate::Eq, a, natConst), b.cmp(CmpPredicate::Eq, c, natConst));
  Value *result = b.cmp(predicateOf(op), a, c);
  // NaT is unequal to everything, itself included, and unordered.
  return b.select(nat, b.constBool(op == CompareOp::NotEq), result);
}

} // namespace pyjit::ir::detail
