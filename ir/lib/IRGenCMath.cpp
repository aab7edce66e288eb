//===- IRGenCMath.cpp - cmath.* calls as real math on the parts ----------===//
//
// Each cmath function is written with the real math functions of its parts
// (Opcode::Math, which libdevice implements on the GPU and the C library on
// the CPU backend), following CPython's Modules/cmathmodule.c for finite
// arguments:
//   sqrt   c_sqrt (scaled by 1/8 so that hypot does not overflow);
//   log    c_log (log1p of |z|^2 - 1 where |z| is near 1);
//   tanh   c_tanh (tan/tanh form; the large-|Re z| limit);
//   asinh, acos, acosh: Kahan's forms through two square roots;
//   atanh  c_atanh (log1p form; the large-|z| limit);
//   asin, atan, tan from asinh, atanh, tanh of i*z.
// CPython's tables of special values (infinite and NaN parts) are not
// reproduced beyond what these formulas give; docs/language.md says so.
//
//===----------------------------------------------------------------------===//
#include "IRGenImpl.h"
#include "pyjit/ir/CMathFunctions.h"
#include "pyjit/ir/MathFunctions.h"
#include <cmath>
#include <limits>

using namespace pyjit::ir;
using namespace pyjit::ir::detail;

namespace {

struct Cx {
  Value *re, *im;
};

/// Real arithmetic on one float type (the parts' type), for the formulas.
class PartMath {
public:
  PartMath(IRBuilder &b, TypeContext &ctx, FloatType *part) : b(b), ctx(ctx), part(part) {
    double max = part->bits() == 32 ? std::numeric_limits<float>::max()
                                    : std::numeric_limits<double>::max();
    logLarge = std::log(max / 4); // CPython's CM_LOG_LARGE_DOUBLE
    sqrtLarge = std::sqrt(max / 4); // CM_SQRT_LARGE_DOUBLE
  }

  Value *k(double v) { return b.constFloat(part, v); }
  Value *add(Value *x, Value *y) { return b.binary(Opcode::Add, x, y); }
  Value *sub(Value *x, Value *y) { return b.binary(Opcode::Sub, x, y); }
  Value *mul(Value *x, Value *y) { return b.binary(Opcode::Mul, x, y); }
  Value *div(Value *x, Value *y) { return b.binary(Opcode::TrueDiv, x, y); }
  Value *neg(Value *x) { return b.unary(Opcode::Neg, x); }
  Value *sqrt(Value *x) { return b.unary(Opcode::Sqrt, x); }
  Value *fn(MathFn f, Value *x, Value *y = nullptr) {
    std::vector<Value *> ops{x};
    if (y)
      ops.push_back(y);
    Instruction *i = b.create(Opcode::Math, mathFnInfo(f).result == MathFnInfo::Result::Bool
                                                ? static_cast<Type *>(ctx.boolean())
                                                : part,
                              ops);
    i->intImm = static_cast<int64_t>(f);
    return i;
  }
  Value *abs(Value *x) { return fn(MathFn::Fabs, x); }
  Value *cmp(CmpPredicate p, Value *x, Value *y) { return b.cmp(p, x, y); }
  Value *sel(Value *c, Value *x, Value *y) { return b.select(c, x, y); }
  Value *both(Value *c, Value *d) { return b.select(c, d, b.constBool(false)); }
  Value *either(Value *c, Value *d) { return b.select(c, b.constBool(true), d); }

  // The formulas, on parts (a, b) of z.
  Cx sqrt(Cx z) {
    Value *ax = abs(z.re), *ay = abs(z.im);
    Value *s = mul(k(2), sqrt(add(div(ax, k(8)), fn(MathFn::Hypot, div(ax, k(8)), div(ay, k(8))))));
    Value *d = div(ay, mul(k(2), s));
    Value *nonneg = cmp(CmpPredicate::Ge, z.re, k(0));
    Value *re = sel(nonneg, s, d);
    Value *im = fn(MathFn::Copysign, sel(nonneg, d, s), z.im);
    Value *zero = both(cmp(CmpPredicate::Eq, ax, k(0)), cmp(CmpPredicate::Eq, ay, k(0)));
    Value *infIm = fn(MathFn::Isinf, ay); // sqrt(x + inf j) = inf + inf j
    re = sel(zero, k(0), sel(infIm, k(INFINITY), re));
    im = sel(either(zero, infIm), z.im, im);
    return {re, im};
  }
  Cx log(Cx z) {
    Value *ax = abs(z.re), *ay = abs(z.im);
    Value *h = fn(MathFn::Hypot, ax, ay);
    Value *bigger = cmp(CmpPredicate::Gt, ax, ay);
    Value *mx = sel(bigger, ax, ay), *mn = sel(bigger, ay, ax);
    Value *near1 = both(cmp(CmpPredicate::Gt, h, k(0.71)), cmp(CmpPredicate::Lt, h, k(1.73)));
    Value *viaLog1p = mul(k(0.5), fn(MathFn::Log1p, add(mul(sub(mx, k(1)), add(mx, k(1))),
                                                        mul(mn, mn))));
    return {sel(near1, viaLog1p, fn(MathFn::Log, h)), fn(MathFn::Atan2, z.im, z.re)};
  }
  Cx exp(Cx z) {
    Value *r = fn(MathFn::Exp, z.re);
    Value *real = cmp(CmpPredicate::Eq, z.im, k(0)); // exp(inf + 0j) is inf + 0j
    return {sel(real, r, mul(r, fn(MathFn::Cos, z.im))),
            sel(real, z.im, mul(r, fn(MathFn::Sin, z.im)))};
  }
  Cx sin(Cx z) {
    return {mul(fn(MathFn::Sin, z.re), fn(MathFn::Cosh, z.im)),
            mul(fn(MathFn::Cos, z.re), fn(MathFn::Sinh, z.im))};
  }
  Cx cos(Cx z) {
    return {mul(fn(MathFn::Cos, z.re), fn(MathFn::Cosh, z.im)),
            neg(mul(fn(MathFn::Sin, z.re), fn(MathFn::Sinh, z.im)))};
  }
  Cx sinh(Cx z) {
    return {mul(fn(MathFn::Sinh, z.re), fn(MathFn::Cos, z.im)),
            mul(fn(MathFn::Cosh, z.re), fn(MathFn::Sin, z.im))};
  }
  Cx cosh(Cx z) {
    return {mul(fn(MathFn::Cosh, z.re), fn(MathFn::Cos, z.im)),
            mul(fn(MathFn::Sinh, z.re), fn(MathFn::Sin, z.im))};
  }
  Cx tanh(Cx z) {
    Value *tx = fn(MathFn::Tanh, z.re), *ty = fn(MathFn::Tan, z.im);
    Value *cx = div(k(1), fn(MathFn::Cosh, z.re));
    Value *txty = mul(tx, ty);
    Value *denom = add(k(1), mul(txty, txty));
    Value *re = div(mul(tx, add(k(1), mul(ty, ty))), denom);
    Value *im = mul(mul(div(ty, denom), cx), cx);
    Value *large = cmp(CmpPredicate::Gt, abs(z.re), k(logLarge));
    Value *imLarge = mul(mul(mul(k(4), fn(MathFn::Sin, z.im)), fn(MathFn::Cos, z.im)),
                         fn(MathFn::Exp, mul(k(-2), abs(z.re))));
    return {sel(large, fn(MathFn::Copysign, k(1), z.re), re), sel(large, imLarge, im)};
  }
  Cx asinh(Cx z) {
    Cx s1 = sqrt(Cx{add(k(1), z.im), neg(z.re)});
    Cx s2 = sqrt(Cx{sub(k(1), z.im), z.re});
    return {fn(MathFn::Asinh, sub(mul(s1.re, s2.im), mul(s2.re, s1.im))),
            fn(MathFn::Atan2, z.im, sub(mul(s1.re, s2.re), mul(s1.im, s2.im)))};
  }
  Cx acos(Cx z) {
    Cx s1 = sqrt(Cx{sub(k(1), z.re), neg(z.im)});
    Cx s2 = sqrt(Cx{add(k(1), z.re), z.im});
    return {mul(k(2), fn(MathFn::Atan2, s1.re, s2.re)),
            fn(MathFn::Asinh, sub(mul(s2.re, s1.im), mul(s2.im, s1.re)))};
  }
  Cx acosh(Cx z) {
    Cx s1 = sqrt(Cx{sub(z.re, k(1)), z.im});
    Cx s2 = sqrt(Cx{add(z.re, k(1)), z.im});
    return {fn(MathFn::Asinh, add(mul(s1.re, s2.re), mul(s1.im, s2.im))),
            mul(k(2), fn(MathFn::Atan2, s1.im, s2.re))};
  }
  Cx atanh(Cx z) {
    // atanh(-z) = -atanh(z): computed for Re z >= 0.
    Value *flip = cmp(CmpPredicate::Lt, z.re, k(0));
    Value *x = sel(flip, neg(z.re), z.re), *y = sel(flip, neg(z.im), z.im);
    Value *ay = abs(y);
    Value *big = either(cmp(CmpPredicate::Gt, x, k(sqrtLarge)), cmp(CmpPredicate::Gt, ay, k(sqrtLarge)));
    Value *h = fn(MathFn::Hypot, div(x, k(2)), div(y, k(2)));
    Value *reBig = div(div(div(x, k(4)), h), h);
    Value *imBig = neg(fn(MathFn::Copysign, k(M_PI / 2), neg(y)));
    Value *oneMinus = sub(k(1), x);
    Value *re = div(fn(MathFn::Log1p, div(mul(k(4), x), add(mul(oneMinus, oneMinus), mul(ay, ay)))),
                    k(4));
    Value *im = div(neg(fn(MathFn::Atan2, mul(k(-2), y),
                           sub(mul(oneMinus, add(k(1), x)), mul(ay, ay)))),
                    k(2));
    re = sel(big, reBig, re);
    im = sel(big, imBig, im);
    return {sel(flip, neg(re), re), sel(flip, neg(im), im)};
  }
  /// f(i*z) / i for f = asinh, atanh, tanh: asin, atan, tan.
  template <class F> Cx ofIz(Cx z, F f) {
    Cx r = f(Cx{neg(z.im), z.re});
    return {r.im, neg(r.re)};
  }

  double logLarge, sqrtLarge;

private:
  IRBuilder &b;
  TypeContext &ctx;
  FloatType *part;
};

} // namespace

RValue IRGen::cmathCall(const CallExpr &e, CMathFn fn) {
  std::vector<TypedOperand> ops;
  for (const ExprPtr &a : e.args)
    ops.push_back({info(*a).type, info(*a).weak});
  ComplexType *ct = cmathOperandType(ctx, ops);
  auto *part = ctx.floatTy(ct->partBits());
  PartMath m(b, ctx, part);
  if (fn == CMathFn::Rect) {
    // r * (cos phi + i sin phi); rect(inf, 0) is inf + 0j.
    Value *r = scalar(*e.args[0], part), *phi = scalar(*e.args[1], part);
    Value *im = m.mul(r, m.fn(MathFn::Sin, phi));
    im = m.sel(m.cmp(CmpPredicate::Eq, phi, m.k(0)), phi, im);
    return RValue::of(b.create(Opcode::ComplexMake, ct, {m.mul(r, m.fn(MathFn::Cos, phi)), im}));
  }
  bool real = !isa<ComplexType>(info(*e.args[0]).type);
  if (real && (fn == CMathFn::Isnan || fn == CMathFn::Isinf || fn == CMathFn::Isfinite)) {
    MathFn f = fn == CMathFn::Isnan ? MathFn::Isnan : fn == CMathFn::Isinf ? MathFn::Isinf
                                                                           : MathFn::Isfinite;
    return RValue::of(m.fn(f, scalar(*e.args[0], part)));
  }
  Value *zv = scalar(*e.args[0], ct);
  Instruction *re = b.create(Opcode::ComplexPart, part, {zv});
  Instruction *im = b.create(Opcode::ComplexPart, part, {zv});
  im->intImm = 1;
  Cx z{re, im}, r{};
  switch (fn) {
  case CMathFn::Exp: r = m.exp(z); break;
  case CMathFn::Log: r = m.log(z); break;
  case CMathFn::Log10: {
    Cx l = m.log(z);
    r = {m.div(l.re, m.k(M_LN10)), m.div(l.im, m.k(M_LN10))};
    break;
  }
  case CMathFn::Sqrt: r = m.sqrt(z); break;
  case CMathFn::Sin: r = m.sin(z); break;
  case CMathFn::Cos: r = m.cos(z); break;
  case CMathFn::Tan: r = m.ofIz(z, [&](Cx w) { return m.tanh(w); }); break;
  case CMathFn::Asin: r = m.ofIz(z, [&](Cx w) { return m.asinh(w); }); break;
  case CMathFn::Acos: r = m.acos(z); break;
  case CMathFn::Atan: r = m.ofIz(z, [&](Cx w) { return m.atanh(w); }); break;
  case CMathFn::Sinh: r = m.sinh(z); break;
  case CMathFn::Cosh: r = m.cosh(z); break;
  case CMathFn::Tanh: r = m.tanh(z); break;
  case CMathFn::Asinh: r = m.asinh(z); break;
  case CMathFn::Acosh: r = m.acosh(z); break;
  case CMathFn::Atanh: r = m.atanh(z); break;
  case CMathFn::Phase:
    return RValue::of(m.fn(MathFn::Atan2, z.im, z.re));
  case CMathFn::Polar: {
    RValue t;
    t.type = info(e).type;
    t.elems = {RValue::of(m.fn(MathFn::Hypot, z.re, z.im)),
               RValue::of(m.fn(MathFn::Atan2, z.im, z.re))};
    return t;
  }
  case CMathFn::Isnan:
    return RValue::of(m.either(m.fn(MathFn::Isnan, z.re), m.fn(MathFn::Isnan, z.im)));
  case CMathFn::Isinf:
    return RValue::of(m.either(m.fn(MathFn::Isinf, z.re), m.fn(MathFn::Isinf, z.im)));
  case CMathFn::Isfinite:
    return RValue::of(m.both(m.fn(MathFn::Isfinite, z.re), m.fn(MathFn::Isfinite, z.im)));
  case CMathFn::Rect:
    break; // above
  }
  if (fn == CMathFn::Log && e.args.size() == 2) {
    // log(z, base) = log(z) / log(base), a complex division.
    Value *lz = b.create(Opcode::ComplexMake, ct, {r.re, r.im});
    Value *bv = scalar(*e.args[1], ct);
    Instruction *bre = b.create(Opcode::ComplexPart, part, {bv});
    Instruction *bim = b.create(Opcode::ComplexPart, part, {bv});
    bim->intImm = 1;
    Cx lb = m.log(Cx{bre, bim});
    Value *lbv = b.create(Opcode::ComplexMake, ct, {lb.re, lb.im});
    return RValue::of(b.binary(Opcode::TrueDiv, lz, lbv));
  }
  return RValue::of(b.create(Opcode::ComplexMake, ct, {r.re, r.im}));
}
