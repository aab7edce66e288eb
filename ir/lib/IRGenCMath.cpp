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
    bool f32 = part->bits() == 32;
    double max = f32 ? std::numeric_limits<float>::max() : std::numeric_limits<double>::max();
    large = max / 4;                // CPython's CM_LARGE_DOUBLE
    logLarge = std::log(large);     // CM_LOG_LARGE_DOUBLE
    sqrtLarge = std::sqrt(large);   // CM_SQRT_LARGE_DOUBLE
    minNormal = f32 ? std::numeric_limits<float>::min() : std::numeric_limits<double>::min();
    sqrtMin = std::sqrt(minNormal); // CM_SQRT_DBL_MIN
    mantDig = f32 ? 24 : 53;        // DBL_MANT_DIG
  }

  Value *k(double v) { return b.constFloat(part, v); }
  Value *add(Value *x, Value *y) { return b.binary(Opcode::Add, x, y); }
  Value *sub(Value *x, Value *y) { return b.binary(Opcode::Sub, x, y); }
  Value *mul(Value *x, Value *y) { return b.binary(Opcode::Mul, x, y); }
  Value *div(Value *x, Value *y) { return b.binary(Opcode::TrueDiv, x, y); }
  Value *neg(Value *x) { return b.unary(Opcode::Neg, x); }
  Value *sqrt(Value *x) { return b.unary(Opcode::Sqrt, x); }
  Value *fn(MathFn f, Value *x, Value *y = nullptr) {
    return y ? mathOp(b, ctx, f, {x, y}) : mathOp(b, ctx, f, {x});
  }
  Value *abs(Value *x) { return fn(MathFn::Fabs, x); }
  Value *cmp(CmpPredicate p, Value *x, Value *y) { return b.cmp(p, x, y); }
  Value *sel(Value *c, Value *x, Value *y) { return b.select(c, x, y); }
  Value *both(Value *c, Value *d) { return b.select(c, d, b.constBool(false)); }
  Value *either(Value *c, Value *d) { return b.select(c, b.constBool(true), d); }

  Value *lt(Value *x, double c) { return cmp(CmpPredicate::Lt, x, k(c)); }
  Value *gt(Value *x, double c) { return cmp(CmpPredicate::Gt, x, k(c)); }
  /// log(hypot(a, b)) + log(4) for parts beyond CM_LARGE_DOUBLE (halved first).
  Value *logHypotLarge(Cx z, double lnFactor) {
    return add(fn(MathFn::Log, fn(MathFn::Hypot, div(z.re, k(2)), div(z.im, k(2)))),
               k(lnFactor));
  }
  Value *isLarge(Cx z) { return either(gt(abs(z.re), large), gt(abs(z.im), large)); }

  // The formulas, on parts (a, b) of z.
  Cx sqrt(Cx z) {
    Value *ax = abs(z.re), *ay = abs(z.im);
    Value *s = mul(k(2), sqrt(add(div(ax, k(8)), fn(MathFn::Hypot, div(ax, k(8)), div(ay, k(8))))));
    // Both parts subnormal: scaled up by 2^(2*(mant/2)+1) and the root down
    // by half of that (CM_SCALE_UP, CM_SCALE_DOWN), so that hypot keeps bits.
    int up = 2 * (mantDig / 2) + 1, down = -(up + 1) / 2;
    Value *sTiny = mul(sqrt(add(mul(ax, k(std::ldexp(1.0, up))),
                                fn(MathFn::Hypot, mul(ax, k(std::ldexp(1.0, up))),
                                   mul(ay, k(std::ldexp(1.0, up)))))),
                       k(std::ldexp(1.0, down)));
    s = sel(both(lt(ax, minNormal), lt(ay, minNormal)), sTiny, s);
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
    Value *re = sel(near1, viaLog1p, fn(MathFn::Log, h));
    // Beyond CM_LARGE_DOUBLE: halved, so that hypot does not overflow.
    re = sel(isLarge(z), logHypotLarge(z, M_LN2), re);
    // Both parts subnormal (not both zero): scaled up by 2^mant.
    double up = std::ldexp(1.0, mantDig);
    Value *reTiny = sub(fn(MathFn::Log, fn(MathFn::Hypot, mul(ax, k(up)), mul(ay, k(up)))),
                        k(mantDig * M_LN2));
    Value *tiny = both(both(lt(ax, minNormal), lt(ay, minNormal)),
                       either(gt(ax, 0), gt(ay, 0)));
    re = sel(tiny, reTiny, re);
    return {re, fn(MathFn::Atan2, z.im, z.re)};
  }
  Cx exp(Cx z) {
    // Beyond CM_LOG_LARGE_DOUBLE, exp(a - 1) * e: a finite result where
    // exp(a) alone overflows (exp(710 + 0.8j)).
    Value *big = gt(z.re, logLarge);
    Value *r = fn(MathFn::Exp, sel(big, sub(z.re, k(1)), z.re));
    Value *scale = sel(big, k(M_E), k(1));
    Value *real = cmp(CmpPredicate::Eq, z.im, k(0)); // exp(inf + 0j) is inf + 0j
    Value *re = sel(real, mul(r, scale), mul(mul(r, fn(MathFn::Cos, z.im)), scale));
    Value *im = sel(real, z.im, mul(mul(r, fn(MathFn::Sin, z.im)), scale));
    // exp(-inf + iy) is 0 also for an infinite or NaN y (CPython's table).
    Value *vanishes = cmp(CmpPredicate::Eq, z.re, k(-INFINITY));
    return {sel(vanishes, k(0), re), sel(vanishes, k(0), im)};
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
    // tanh(+-inf + iy) for an infinite y: +-1 + 0j (CPython's table).
    imLarge = sel(fn(MathFn::Isinf, z.im), fn(MathFn::Copysign, k(0), z.im), imLarge);
    return {sel(large, fn(MathFn::Copysign, k(1), z.re), re), sel(large, imLarge, im)};
  }
  // The inverse functions beyond CM_LARGE_DOUBLE use log(|z|/2) + 2 log 2,
  // as c_asinh, c_acos and c_acosh do.
  Cx asinh(Cx z) {
    Cx s1 = sqrt(Cx{add(k(1), z.im), neg(z.re)});
    Cx s2 = sqrt(Cx{sub(k(1), z.im), z.re});
    Value *re = fn(MathFn::Asinh, sub(mul(s1.re, s2.im), mul(s2.re, s1.im)));
    Value *im = fn(MathFn::Atan2, z.im, sub(mul(s1.re, s2.re), mul(s1.im, s2.im)));
    Value *l = logHypotLarge(z, 2 * M_LN2);
    Value *reBig = sel(cmp(CmpPredicate::Ge, z.im, k(0)), fn(MathFn::Copysign, l, z.re),
                       neg(fn(MathFn::Copysign, l, neg(z.re))));
    Value *big = isLarge(z);
    return {sel(big, reBig, re), sel(big, fn(MathFn::Atan2, z.im, abs(z.re)), im)};
  }
  Cx acos(Cx z) {
    Cx s1 = sqrt(Cx{sub(k(1), z.re), neg(z.im)});
    Cx s2 = sqrt(Cx{add(k(1), z.re), z.im});
    Value *re = mul(k(2), fn(MathFn::Atan2, s1.re, s2.re));
    Value *im = fn(MathFn::Asinh, sub(mul(s2.re, s1.im), mul(s2.im, s1.re)));
    Value *l = logHypotLarge(z, 2 * M_LN2);
    Value *imBig = sel(lt(z.re, 0), neg(fn(MathFn::Copysign, l, z.im)),
                       fn(MathFn::Copysign, l, neg(z.im)));
    Value *big = isLarge(z);
    return {sel(big, fn(MathFn::Atan2, abs(z.im), z.re), re), sel(big, imBig, im)};
  }
  Cx acosh(Cx z) {
    Cx s1 = sqrt(Cx{sub(z.re, k(1)), z.im});
    Cx s2 = sqrt(Cx{add(z.re, k(1)), z.im});
    Value *re = fn(MathFn::Asinh, add(mul(s1.re, s2.re), mul(s1.im, s2.im)));
    Value *im = mul(k(2), fn(MathFn::Atan2, s1.im, s2.re));
    Value *big = isLarge(z);
    return {sel(big, logHypotLarge(z, 2 * M_LN2), re),
            sel(big, fn(MathFn::Atan2, z.im, z.re), im)};
  }
  Cx atanh(Cx z) {
    // atanh(-z) = -atanh(z): computed for Re z >= 0.
    Value *flip = cmp(CmpPredicate::Lt, z.re, k(0));
    Value *x = sel(flip, neg(z.re), z.re), *y = sel(flip, neg(z.im), z.im);
    Value *ay = abs(y);
    Value *big = either(cmp(CmpPredicate::Gt, x, k(sqrtLarge)), cmp(CmpPredicate::Gt, ay, k(sqrtLarge)));
    Value *h = fn(MathFn::Hypot, div(x, k(2)), div(y, k(2)));
    Value *reBig = div(div(div(x, k(4)), h), h);
    // An infinite part: 0 + i pi/2 (CPython's table), not inf/inf.
    reBig = sel(either(fn(MathFn::Isinf, x), fn(MathFn::Isinf, y)), k(0), reBig);
    Value *imBig = neg(fn(MathFn::Copysign, k(M_PI / 2), neg(y)));
    Value *oneMinus = sub(k(1), x);
    Value *re = div(fn(MathFn::Log1p, div(mul(k(4), x), add(mul(oneMinus, oneMinus), mul(ay, ay)))),
                    k(4));
    Value *im = div(neg(fn(MathFn::Atan2, mul(k(-2), y),
                           sub(mul(oneMinus, add(k(1), x)), mul(ay, ay)))),
                    k(2));
    // Just off 1 with a tiny imaginary part (c_atanh): the log1p form
    // overflows, this one does not; atanh(1 + 0j) is inf.
    Value *nearOne = both(cmp(CmpPredicate::Eq, x, k(1)), lt(ay, sqrtMin));
    Value *reOne = neg(fn(MathFn::Log, div(sqrt(ay), sqrt(fn(MathFn::Hypot, ay, k(2))))));
    Value *imOne = fn(MathFn::Copysign, div(fn(MathFn::Atan2, k(2), neg(ay)), k(2)), y);
    // atanh(1 + 0j) itself: C99 (and NumPy) say inf + 0j; CPython computes
    // pi/4 here and raises ValueError, which a kernel cannot.
    imOne = sel(cmp(CmpPredicate::Eq, ay, k(0)), y, imOne);
    re = sel(big, reBig, sel(nearOne, reOne, re));
    im = sel(big, imBig, sel(nearOne, imOne, im));
    return {sel(flip, neg(re), re), sel(flip, neg(im), im)};
  }
  /// f(i*z) / i for f = asinh, atanh, tanh: asin, atan, tan.
  template <class F> Cx ofIz(Cx z, F f) {
    Cx r = f(Cx{neg(z.im), z.re});
    return {r.im, neg(r.re)};
  }

  double large, logLarge, sqrtLarge, minNormal, sqrtMin;
  int mantDig;

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
    // r * (cos phi + i sin phi); for phi == 0, CPython's imaginary part is
    // r * phi, a zero of the sign of r's times phi's (rect(-1, 0) is -1-0j),
    // and rect(inf, 0) is inf + 0j (no inf * 0 = nan).
    Value *r = scalar(*e.args[0], part), *phi = scalar(*e.args[1], part);
    Value *im = m.mul(r, m.fn(MathFn::Sin, phi));
    im = m.sel(m.cmp(CmpPredicate::Eq, phi, m.k(0)), m.mul(m.fn(MathFn::Copysign, m.k(1), r), phi),
               im);
    return RValue::of(b.create(Opcode::ComplexMake, ct, {m.mul(r, m.fn(MathFn::Cos, phi)), im}));
  }
  bool real = !isa<ComplexType>(info(*e.args[0]).type);
  if (real && (fn == CMathFn::Isnan || fn == CMathFn::Isinf || fn == CMathFn::Isfinite)) {
    MathFn f = fn == CMathFn::Isnan ? MathFn::Isnan : fn == CMathFn::Isinf ? MathFn::Isinf
                                                                           : MathFn::Isfinite;
    return RValue::of(m.fn(f, scalar(*e.args[0], part)));
  }
  Value *zv = scalar(*e.args[0], ct);
  if (fn == CMathFn::Phase || fn == CMathFn::Polar || fn == CMathFn::Isnan ||
      fn == CMathFn::Isinf || fn == CMathFn::Isfinite) { // complex -> real, bool or a pair
    auto [re, im] = complexParts(zv);
    Cx z{re, im};
    switch (fn) {
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
    default:
      llvm_unreachable("handled above");
    }
  }
  if (fn == CMathFn::Log && e.args.size() == 2) {
    // log(z, base) = log(z) / log(base), a complex division.
    Value *lz = complexFunction(fn, zv);
    Value *bv = scalar(*e.args[1], ct);
    return RValue::of(b.binary(Opcode::TrueDiv, lz, complexFunction(fn, bv)));
  }
  return RValue::of(complexFunction(fn, zv));
}

Value *IRGen::complexFunction(CMathFn fn, Value *zv) {
  auto *ct = cast<ComplexType>(zv->type());
  auto *part = ctx.floatTy(ct->partBits());
  PartMath m(b, ctx, part);
  auto [re, im] = complexParts(zv);
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
  default:
    assert(false && "not a complex -> complex cmath function");
    return nullptr;
  }
  return b.create(Opcode::ComplexMake, ct, {r.re, r.im});
}
