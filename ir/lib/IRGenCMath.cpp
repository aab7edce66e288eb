//===- IRGenCMath.cpp - cmath.* calls as real math on the parts ----------===//
//
// Each cmath function is written with the real math functions of its parts
// (Opcode::Math, which libdevice implements on the GPU and the C library on
// the CPU backend), following CPython's Modules/cmathmodule.c:
//   sqrt   c_sqrt (scaled by 1/8 so that hypot does not overflow);
//   log    c_log (log1p of |z|^2 - 1 where |z| is near 1);
//   exp, cosh, sinh: the exp(x - 1) * e form past CM_LOG_LARGE_DOUBLE;
//   tanh   c_tanh (tan/tanh form; the large-|Re z| limit);
//   asinh, acos, acosh: Kahan's forms through two square roots;
//   atanh  c_atanh (log1p form; the large-|z| limit);
//   sin, cos, tan, asin, atan from sinh, cosh, tanh, asinh, atanh of i*z.
// Arguments with an infinite or NaN part take one branch (SPECIAL_VALUE in
// cmathmodule.c) to CPython's 7x7 tables of special values, indexed by the
// kind of each part (special_type: -inf, negative, -0, +0, positive, +inf,
// NaN), and for exp, cosh, sinh, tanh and rect with an infinite real part
// and a finite nonzero imaginary one, to the signs of cos and sin; numba's
// numba/cpython/cmathimpl.py follows the same tables. Finite arguments pay
// for that one test.
//
//===----------------------------------------------------------------------===//
#include "IRGenImpl.h"
#include "pyjit/ir/CMathFunctions.h"
#include "pyjit/ir/MathFunctions.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <array>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

using namespace pyjit::ir;
using namespace pyjit::ir::detail;

namespace {

struct Cx {
  Value *re, *im;
};

// CPython's special-value tables (Modules/cmathmodule.c, the
// INIT_SPECIAL_VALUES blocks of PyInit_cmath), indexed [kind of the real
// part][kind of the imaginary part] in special_type's order. U marks the
// entries never used: both parts finite, and for exp, cosh, sinh, tanh and
// rect an infinite real part with a finite nonzero imaginary one.
enum SpecialKind { NInf, Neg, NZero, PZero, Pos, PInf, NaN, NumKinds };
struct Special {
  double re, im;
};
using SpecialTable = Special[NumKinds][NumKinds];

constexpr double P = M_PI, P12 = M_PI / 2, P14 = M_PI / 4, P34 = 3 * M_PI / 4;
constexpr double INF = std::numeric_limits<double>::infinity();
constexpr double N = std::numeric_limits<double>::quiet_NaN();
constexpr double U = -9.5426319407711027e33; // CPython's placeholder

bool isUnused(double v) { return v == U; }

// clang-format off
const SpecialTable acosTable = {
  {{P34,INF}, {P,INF},   {P,INF},   {P,-INF},   {P,-INF},   {P34,-INF}, {N,INF}},
  {{P12,INF}, {U,U},     {U,U},     {U,U},      {U,U},      {P12,-INF}, {N,N}},
  {{P12,INF}, {U,U},     {P12,0.},  {P12,-0.},  {U,U},      {P12,-INF}, {P12,N}},
  {{P12,INF}, {U,U},     {P12,0.},  {P12,-0.},  {U,U},      {P12,-INF}, {P12,N}},
  {{P12,INF}, {U,U},     {U,U},     {U,U},      {U,U},      {P12,-INF}, {N,N}},
  {{P14,INF}, {0.,INF},  {0.,INF},  {0.,-INF},  {0.,-INF},  {P14,-INF}, {N,INF}},
  {{N,INF},   {N,N},     {N,N},     {N,N},      {N,N},      {N,-INF},   {N,N}},
};
const SpecialTable acoshTable = {
  {{INF,-P34}, {INF,-P},  {INF,-P},  {INF,P},  {INF,P},  {INF,P34}, {INF,N}},
  {{INF,-P12}, {U,U},     {U,U},     {U,U},    {U,U},    {INF,P12}, {N,N}},
  {{INF,-P12}, {U,U},     {0.,-P12}, {0.,P12}, {U,U},    {INF,P12}, {N,N}},
  {{INF,-P12}, {U,U},     {0.,-P12}, {0.,P12}, {U,U},    {INF,P12}, {N,N}},
  {{INF,-P12}, {U,U},     {U,U},     {U,U},    {U,U},    {INF,P12}, {N,N}},
  {{INF,-P14}, {INF,-0.}, {INF,-0.}, {INF,0.}, {INF,0.}, {INF,P14}, {INF,N}},
  {{INF,N},    {N,N},     {N,N},     {N,N},    {N,N},    {INF,N},   {N,N}},
};
const SpecialTable asinhTable = {
  {{-INF,-P14}, {-INF,-0.}, {-INF,-0.}, {-INF,0.}, {-INF,0.}, {-INF,P14}, {-INF,N}},
  {{-INF,-P12}, {U,U},      {U,U},      {U,U},     {U,U},     {-INF,P12}, {N,N}},
  {{-INF,-P12}, {U,U},      {-0.,-0.},  {-0.,0.},  {U,U},     {-INF,P12}, {N,N}},
  {{INF,-P12},  {U,U},      {0.,-0.},   {0.,0.},   {U,U},     {INF,P12},  {N,N}},
  {{INF,-P12},  {U,U},      {U,U},      {U,U},     {U,U},     {INF,P12},  {N,N}},
  {{INF,-P14},  {INF,-0.},  {INF,-0.},  {INF,0.},  {INF,0.},  {INF,P14},  {INF,N}},
  {{INF,N},     {N,N},      {N,-0.},    {N,0.},    {N,N},     {INF,N},    {N,N}},
};
const SpecialTable atanhTable = {
  {{-0.,-P12}, {-0.,-P12}, {-0.,-P12}, {-0.,P12}, {-0.,P12}, {-0.,P12}, {-0.,N}},
  {{-0.,-P12}, {U,U},      {U,U},      {U,U},     {U,U},     {-0.,P12}, {N,N}},
  {{-0.,-P12}, {U,U},      {-0.,-0.},  {-0.,0.},  {U,U},     {-0.,P12}, {-0.,N}},
  {{0.,-P12},  {U,U},      {0.,-0.},   {0.,0.},   {U,U},     {0.,P12},  {0.,N}},
  {{0.,-P12},  {U,U},      {U,U},      {U,U},     {U,U},     {0.,P12},  {N,N}},
  {{0.,-P12},  {0.,-P12},  {0.,-P12},  {0.,P12},  {0.,P12},  {0.,P12},  {0.,N}},
  {{0.,-P12},  {N,N},      {N,N},      {N,N},     {N,N},     {0.,P12},  {N,N}},
};
const SpecialTable coshTable = {
  {{INF,N}, {U,U}, {INF,0.},  {INF,-0.}, {U,U}, {INF,N}, {INF,N}},
  {{N,N},   {U,U}, {U,U},     {U,U},     {U,U}, {N,N},   {N,N}},
  {{N,0.},  {U,U}, {1.,0.},   {1.,-0.},  {U,U}, {N,0.},  {N,0.}},
  {{N,0.},  {U,U}, {1.,-0.},  {1.,0.},   {U,U}, {N,0.},  {N,0.}},
  {{N,N},   {U,U}, {U,U},     {U,U},     {U,U}, {N,N},   {N,N}},
  {{INF,N}, {U,U}, {INF,-0.}, {INF,0.},  {U,U}, {INF,N}, {INF,N}},
  {{N,N},   {N,N}, {N,0.},    {N,0.},    {N,N}, {N,N},   {N,N}},
};
const SpecialTable expTable = {
  {{0.,0.}, {U,U}, {0.,-0.},  {0.,0.},  {U,U}, {0.,0.}, {0.,0.}},
  {{N,N},   {U,U}, {U,U},     {U,U},    {U,U}, {N,N},   {N,N}},
  {{N,N},   {U,U}, {1.,-0.},  {1.,0.},  {U,U}, {N,N},   {N,N}},
  {{N,N},   {U,U}, {1.,-0.},  {1.,0.},  {U,U}, {N,N},   {N,N}},
  {{N,N},   {U,U}, {U,U},     {U,U},    {U,U}, {N,N},   {N,N}},
  {{INF,N}, {U,U}, {INF,-0.}, {INF,0.}, {U,U}, {INF,N}, {INF,N}},
  {{N,N},   {N,N}, {N,-0.},   {N,0.},   {N,N}, {N,N},   {N,N}},
};
const SpecialTable logTable = {
  {{INF,-P34}, {INF,-P},  {INF,-P},   {INF,P},   {INF,P},  {INF,P34}, {INF,N}},
  {{INF,-P12}, {U,U},     {U,U},      {U,U},     {U,U},    {INF,P12}, {N,N}},
  {{INF,-P12}, {U,U},     {-INF,-P},  {-INF,P},  {U,U},    {INF,P12}, {N,N}},
  {{INF,-P12}, {U,U},     {-INF,-0.}, {-INF,0.}, {U,U},    {INF,P12}, {N,N}},
  {{INF,-P12}, {U,U},     {U,U},      {U,U},     {U,U},    {INF,P12}, {N,N}},
  {{INF,-P14}, {INF,-0.}, {INF,-0.},  {INF,0.},  {INF,0.}, {INF,P14}, {INF,N}},
  {{INF,N},    {N,N},     {N,N},      {N,N},     {N,N},    {INF,N},   {N,N}},
};
const SpecialTable sinhTable = {
  {{INF,N}, {U,U}, {-INF,-0.}, {-INF,0.}, {U,U}, {INF,N}, {INF,N}},
  {{N,N},   {U,U}, {U,U},      {U,U},     {U,U}, {N,N},   {N,N}},
  {{0.,N},  {U,U}, {-0.,-0.},  {-0.,0.},  {U,U}, {0.,N},  {0.,N}},
  {{0.,N},  {U,U}, {0.,-0.},   {0.,0.},   {U,U}, {0.,N},  {0.,N}},
  {{N,N},   {U,U}, {U,U},      {U,U},     {U,U}, {N,N},   {N,N}},
  {{INF,N}, {U,U}, {INF,-0.},  {INF,0.},  {U,U}, {INF,N}, {INF,N}},
  {{N,N},   {N,N}, {N,-0.},    {N,0.},    {N,N}, {N,N},   {N,N}},
};
const SpecialTable sqrtTable = {
  {{INF,-INF}, {0.,-INF}, {0.,-INF}, {0.,INF}, {0.,INF}, {INF,INF}, {N,INF}},
  {{INF,-INF}, {U,U},     {U,U},     {U,U},    {U,U},    {INF,INF}, {N,N}},
  {{INF,-INF}, {U,U},     {0.,-0.},  {0.,0.},  {U,U},    {INF,INF}, {N,N}},
  {{INF,-INF}, {U,U},     {0.,-0.},  {0.,0.},  {U,U},    {INF,INF}, {N,N}},
  {{INF,-INF}, {U,U},     {U,U},     {U,U},    {U,U},    {INF,INF}, {N,N}},
  {{INF,-INF}, {INF,-0.}, {INF,-0.}, {INF,0.}, {INF,0.}, {INF,INF}, {INF,N}},
  {{INF,-INF}, {N,N},     {N,N},     {N,N},    {N,N},    {INF,INF}, {N,N}},
};
const SpecialTable tanhTable = {
  {{-1.,0.}, {U,U}, {-1.,-0.}, {-1.,0.}, {U,U}, {-1.,0.}, {-1.,0.}},
  {{N,N},    {U,U}, {U,U},     {U,U},    {U,U}, {N,N},    {N,N}},
  {{N,N},    {U,U}, {-0.,-0.}, {-0.,0.}, {U,U}, {N,N},    {N,N}},
  {{N,N},    {U,U}, {0.,-0.},  {0.,0.},  {U,U}, {N,N},    {N,N}},
  {{N,N},    {U,U}, {U,U},     {U,U},    {U,U}, {N,N},    {N,N}},
  {{1.,0.},  {U,U}, {1.,-0.},  {1.,0.},  {U,U}, {1.,0.},  {1.,0.}},
  {{N,N},    {N,N}, {N,-0.},   {N,0.},   {N,N}, {N,N},    {N,N}},
};
const SpecialTable rectTable = {
  {{INF,N}, {U,U}, {-INF,0.}, {-INF,-0.}, {U,U}, {INF,N}, {INF,N}},
  {{N,N},   {U,U}, {U,U},     {U,U},      {U,U}, {N,N},   {N,N}},
  {{0.,0.}, {U,U}, {-0.,0.},  {-0.,-0.},  {U,U}, {0.,0.}, {0.,0.}},
  {{0.,0.}, {U,U}, {0.,-0.},  {0.,0.},    {U,U}, {0.,0.}, {0.,0.}},
  {{N,N},   {U,U}, {U,U},     {U,U},      {U,U}, {N,N},   {N,N}},
  {{INF,N}, {U,U}, {INF,-0.}, {INF,0.},   {U,U}, {INF,N}, {INF,N}},
  {{N,N},   {N,N}, {N,0.},    {N,0.},     {N,N}, {N,N},   {N,N}},
};
// clang-format on

/// Emits `cond ? yes() : no()` as two blocks joined by phis (IRGen's).
using Branch = std::function<Cx(Value *cond, llvm::function_ref<Cx()> yes,
                                llvm::function_ref<Cx()> no)>;

/// Real arithmetic on one float type (the parts' type), for the formulas.
class PartMath {
public:
  PartMath(IRBuilder &b, TypeContext &ctx, FloatType *part, Branch branch = nullptr)
      : b(b), ctx(ctx), part(part), branch(std::move(branch)) {
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
  Value *copysign(Value *x, Value *y) { return fn(MathFn::Copysign, x, y); }
  Value *cmp(CmpPredicate p, Value *x, Value *y) { return b.cmp(p, x, y); }
  Value *sel(Value *c, Value *x, Value *y) { return b.select(c, x, y); }
  Cx sel(Value *c, Cx x, Cx y) { return {sel(c, x.re, y.re), sel(c, x.im, y.im)}; }
  Value *both(Value *c, Value *d) { return b.select(c, d, b.constBool(false)); }
  Value *either(Value *c, Value *d) { return b.select(c, b.constBool(true), d); }
  Value *no(Value *c) { return b.select(c, b.constBool(false), b.constBool(true)); }

  Value *lt(Value *x, double c) { return cmp(CmpPredicate::Lt, x, k(c)); }
  Value *gt(Value *x, double c) { return cmp(CmpPredicate::Gt, x, k(c)); }
  Value *eq(Value *x, double c) { return cmp(CmpPredicate::Eq, x, k(c)); }
  Value *ne(Value *x, double c) { return cmp(CmpPredicate::Ne, x, k(c)); }
  /// log(hypot(a, b)) + log(4) for parts beyond CM_LARGE_DOUBLE (halved first).
  Value *logHypotLarge(Cx z, double lnFactor) {
    return add(fn(MathFn::Log, fn(MathFn::Hypot, div(z.re, k(2)), div(z.im, k(2)))),
               k(lnFactor));
  }
  Value *isLarge(Cx z) { return either(gt(abs(z.re), large), gt(abs(z.im), large)); }
  Value *finite(Cx z) { return both(fn(MathFn::Isfinite, z.re), fn(MathFn::Isfinite, z.im)); }

  // Special values.
  /// is[k]: x is of kind k (CPython's special_type).
  struct Kinds {
    std::array<Value *, NumKinds> is;
  };
  Kinds kinds(Value *x) {
    Value *zero = eq(x, 0), *negSign = lt(copysign(k(1), x), 0);
    Kinds r;
    r.is[NInf] = eq(x, -INF);
    r.is[Neg] = both(lt(x, 0), gt(x, -INF));
    r.is[NZero] = both(zero, negSign);
    r.is[PZero] = both(zero, no(negSign));
    r.is[Pos] = both(gt(x, 0), lt(x, INF));
    r.is[PInf] = eq(x, INF);
    r.is[NaN] = fn(MathFn::Isnan, x);
    return r;
  }
  /// keys[k] for the kind of the part that `kinds` classified: the most
  /// frequent key by default, a select for each other one. A null key is
  /// never chosen (a table's unused entry).
  template <class Key, class Make>
  Value *pick(const Kinds &kinds, const std::array<const Key *, NumKinds> &keys, Make make) {
    std::vector<std::pair<const Key *, std::vector<int>>> groups;
    for (int i = 0; i < NumKinds; ++i) {
      if (!keys[i])
        continue;
      auto g = llvm::find_if(groups, [&](auto &g) { return *g.first == *keys[i]; });
      if (g == groups.end())
        groups.push_back({keys[i], {i}});
      else
        g->second.push_back(i);
    }
    std::stable_sort(groups.begin(), groups.end(),
                     [](auto &x, auto &y) { return x.second.size() > y.second.size(); });
    Value *r = make(*groups[0].first);
    for (size_t g = 1; g < groups.size(); ++g) {
      Value *c = kinds.is[groups[g].second[0]];
      for (size_t i = 1; i < groups[g].second.size(); ++i)
        c = either(c, kinds.is[groups[g].second[i]]);
      r = sel(c, make(*groups[g].first), r);
    }
    return r;
  }
  /// t[kind of z.re][kind of z.im] (SPECIAL_VALUE).
  Cx table(const SpecialTable &t, Cx z) {
    Kinds kr = kinds(z.re), ki = kinds(z.im);
    auto part = [&](double Special::*member) {
      // Rows and entries compared by their bits (-0.0 is not 0.0).
      using Bits = std::array<uint64_t, NumKinds>;
      std::array<Bits, NumKinds> rowBits;
      std::array<const Bits *, NumKinds> rows;
      for (int r = 0; r < NumKinds; ++r) {
        bool used = false;
        for (int c = 0; c < NumKinds; ++c) {
          double v = t[r][c].*member;
          used |= !isUnused(v);
          std::memcpy(&rowBits[r][c], &v, sizeof v);
        }
        rows[r] = used ? &rowBits[r] : nullptr;
      }
      return pick(kr, rows, [&](const Bits &row) {
        std::array<const uint64_t *, NumKinds> entries;
        for (int c = 0; c < NumKinds; ++c) {
          double v;
          std::memcpy(&v, &row[c], sizeof v);
          entries[c] = isUnused(v) ? nullptr : &row[c];
        }
        return pick(ki, entries, [&](uint64_t bits) {
          double v;
          std::memcpy(&v, &bits, sizeof v);
          return k(v);
        });
      });
    };
    return {part(&Special::re), part(&Special::im)};
  }
  /// An infinite real part and a finite nonzero imaginary one: the cases
  /// exp, cosh, sinh, tanh and rect compute from cos and sin of Im z.
  Value *infiniteReal(Cx z) {
    return both(fn(MathFn::Isinf, z.re), both(fn(MathFn::Isfinite, z.im), ne(z.im, 0)));
  }
  /// finite(z) ? f(z) : special(z), the one branch of SPECIAL_VALUE.
  template <class F, class S> Cx split(Cx z, F f, S special) {
    return branch(finite(z), [&] { return f(z); }, [&] { return special(z); });
  }

  // The formulas, on parts (a, b) of z; the ...Finite ones for finite z.
  Cx sqrtFinite(Cx z) {
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
    Value *im = copysign(sel(nonneg, d, s), z.im);
    Value *zero = both(eq(ax, 0), eq(ay, 0));
    return {sel(zero, k(0), re), sel(zero, z.im, im)};
  }
  Cx sqrt(Cx z) {
    return split(z, [&](Cx w) { return sqrtFinite(w); }, [&](Cx w) { return table(sqrtTable, w); });
  }
  Cx logFinite(Cx z) {
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
  Cx log(Cx z) {
    return split(z, [&](Cx w) { return logFinite(w); }, [&](Cx w) { return table(logTable, w); });
  }
  Cx exp(Cx z) {
    return split(
        z,
        [&](Cx w) {
          // Beyond CM_LOG_LARGE_DOUBLE, exp(a - 1) * e: a finite result
          // where exp(a) alone overflows (exp(710 + 0.8j)).
          Value *big = gt(w.re, logLarge);
          Value *r = fn(MathFn::Exp, sel(big, sub(w.re, k(1)), w.re));
          Value *scale = sel(big, k(M_E), k(1));
          // exp(a + 0j) past overflow: inf + 0j (CPython raises).
          Value *real = eq(w.im, 0);
          Value *re = sel(real, mul(r, scale), mul(mul(r, fn(MathFn::Cos, w.im)), scale));
          Value *im = sel(real, w.im, mul(mul(r, fn(MathFn::Sin, w.im)), scale));
          return Cx{re, im};
        },
        [&](Cx w) {
          Value *mag = sel(gt(w.re, 0), k(INF), k(0));
          Cx signs{copysign(mag, fn(MathFn::Cos, w.im)), copysign(mag, fn(MathFn::Sin, w.im))};
          return sel(infiniteReal(w), signs, table(expTable, w));
        });
  }
  /// cosh (odd = false) or sinh (odd = true): cos(b) cosh(a) + i sin(b)
  /// sinh(a), past CM_LOG_LARGE_DOUBLE with a - sign(a) and a factor e.
  Cx coshOrSinh(Cx z, bool odd) {
    return split(
        z,
        [&](Cx w) {
          Value *big = gt(abs(w.re), logLarge);
          Value *x = sel(big, sub(w.re, copysign(k(1), w.re)), w.re);
          Value *scale = sel(big, k(M_E), k(1));
          Value *ch = fn(MathFn::Cosh, x), *sh = fn(MathFn::Sinh, x);
          Value *im = mul(mul(fn(MathFn::Sin, w.im), odd ? ch : sh), scale);
          // b == 0 past overflow: inf + 0j (CPython raises; no 0 * inf =
          // nan), the zero of the sign sin(b) * sinh(a) or sin(b) * cosh(a)
          // has. Also where only the part's float type overflows (complex64).
          im = sel(eq(w.im, 0), odd ? w.im : mul(w.im, copysign(k(1), w.re)), im);
          return Cx{mul(mul(fn(MathFn::Cos, w.im), odd ? sh : ch), scale), im};
        },
        [&](Cx w) {
          Value *pos = gt(w.re, 0);
          Value *c = copysign(k(INF), fn(MathFn::Cos, w.im));
          Value *s = copysign(k(INF), fn(MathFn::Sin, w.im));
          Cx signs = odd ? Cx{sel(pos, c, neg(c)), s} : Cx{c, sel(pos, s, neg(s))};
          return sel(infiniteReal(w), signs, table(odd ? sinhTable : coshTable, w));
        });
  }
  Cx cosh(Cx z) { return coshOrSinh(z, false); }
  Cx sinh(Cx z) { return coshOrSinh(z, true); }
  Cx tanh(Cx z) {
    return split(
        z,
        [&](Cx w) {
          Value *tx = fn(MathFn::Tanh, w.re), *ty = fn(MathFn::Tan, w.im);
          Value *cx = div(k(1), fn(MathFn::Cosh, w.re));
          Value *txty = mul(tx, ty);
          Value *denom = add(k(1), mul(txty, txty));
          Value *re = div(mul(tx, add(k(1), mul(ty, ty))), denom);
          Value *im = mul(mul(div(ty, denom), cx), cx);
          Value *large = gt(abs(w.re), logLarge);
          Value *imLarge = mul(mul(mul(k(4), fn(MathFn::Sin, w.im)), fn(MathFn::Cos, w.im)),
                               fn(MathFn::Exp, mul(k(-2), abs(w.re))));
          return Cx{sel(large, copysign(k(1), w.re), re), sel(large, imLarge, im)};
        },
        [&](Cx w) {
          Value *sc = mul(mul(k(2), fn(MathFn::Sin, w.im)), fn(MathFn::Cos, w.im));
          Cx signs{copysign(k(1), w.re), copysign(k(0), sc)};
          return sel(infiniteReal(w), signs, table(tanhTable, w));
        });
  }
  // The inverse functions beyond CM_LARGE_DOUBLE use log(|z|/2) + 2 log 2,
  // as c_asinh, c_acos and c_acosh do.
  Cx asinh(Cx z) {
    return split(
        z,
        [&](Cx w) {
          Cx s1 = sqrtFinite(Cx{add(k(1), w.im), neg(w.re)});
          Cx s2 = sqrtFinite(Cx{sub(k(1), w.im), w.re});
          Value *re = fn(MathFn::Asinh, sub(mul(s1.re, s2.im), mul(s2.re, s1.im)));
          Value *im = fn(MathFn::Atan2, w.im, sub(mul(s1.re, s2.re), mul(s1.im, s2.im)));
          Value *l = logHypotLarge(w, 2 * M_LN2);
          Value *reBig = sel(cmp(CmpPredicate::Ge, w.im, k(0)), copysign(l, w.re),
                             neg(copysign(l, neg(w.re))));
          Value *big = isLarge(w);
          return Cx{sel(big, reBig, re), sel(big, fn(MathFn::Atan2, w.im, abs(w.re)), im)};
        },
        [&](Cx w) { return table(asinhTable, w); });
  }
  Cx acos(Cx z) {
    return split(
        z,
        [&](Cx w) {
          Cx s1 = sqrtFinite(Cx{sub(k(1), w.re), neg(w.im)});
          Cx s2 = sqrtFinite(Cx{add(k(1), w.re), w.im});
          Value *re = mul(k(2), fn(MathFn::Atan2, s1.re, s2.re));
          Value *im = fn(MathFn::Asinh, sub(mul(s2.re, s1.im), mul(s2.im, s1.re)));
          Value *l = logHypotLarge(w, 2 * M_LN2);
          Value *imBig = sel(lt(w.re, 0), neg(copysign(l, w.im)), copysign(l, neg(w.im)));
          Value *big = isLarge(w);
          return Cx{sel(big, fn(MathFn::Atan2, abs(w.im), w.re), re), sel(big, imBig, im)};
        },
        [&](Cx w) { return table(acosTable, w); });
  }
  Cx acosh(Cx z) {
    return split(
        z,
        [&](Cx w) {
          Cx s1 = sqrtFinite(Cx{sub(w.re, k(1)), w.im});
          Cx s2 = sqrtFinite(Cx{add(w.re, k(1)), w.im});
          Value *re = fn(MathFn::Asinh, add(mul(s1.re, s2.re), mul(s1.im, s2.im)));
          Value *im = mul(k(2), fn(MathFn::Atan2, s1.im, s2.re));
          Value *big = isLarge(w);
          return Cx{sel(big, logHypotLarge(w, 2 * M_LN2), re),
                    sel(big, fn(MathFn::Atan2, w.im, w.re), im)};
        },
        [&](Cx w) { return table(acoshTable, w); });
  }
  Cx atanhFinite(Cx z) {
    // atanh(-z) = -atanh(z): computed for Re z >= 0.
    Value *flip = lt(z.re, 0);
    Value *x = sel(flip, neg(z.re), z.re), *y = sel(flip, neg(z.im), z.im);
    Value *ay = abs(y);
    Value *big = either(gt(x, sqrtLarge), gt(ay, sqrtLarge));
    Value *h = fn(MathFn::Hypot, div(x, k(2)), div(y, k(2)));
    Value *reBig = div(div(div(x, k(4)), h), h);
    Value *imBig = neg(copysign(k(M_PI / 2), neg(y)));
    Value *oneMinus = sub(k(1), x);
    Value *re = div(fn(MathFn::Log1p, div(mul(k(4), x), add(mul(oneMinus, oneMinus), mul(ay, ay)))),
                    k(4));
    Value *im = div(neg(fn(MathFn::Atan2, mul(k(-2), y),
                           sub(mul(oneMinus, add(k(1), x)), mul(ay, ay)))),
                    k(2));
    // Just off 1 with a tiny imaginary part (c_atanh): the log1p form
    // overflows, this one does not; atanh(1 + 0j) is inf.
    Value *nearOne = both(eq(x, 1), lt(ay, sqrtMin));
    Value *reOne = neg(fn(MathFn::Log, div(sqrt(ay), sqrt(fn(MathFn::Hypot, ay, k(2))))));
    Value *imOne = copysign(div(fn(MathFn::Atan2, k(2), neg(ay)), k(2)), y);
    // atanh(1 + 0j) itself: C99 (and NumPy) say inf + 0j, and so does
    // c_atanh before CPython raises ValueError, which a kernel cannot.
    imOne = sel(eq(ay, 0), y, imOne);
    re = sel(big, reBig, sel(nearOne, reOne, re));
    im = sel(big, imBig, sel(nearOne, imOne, im));
    return {sel(flip, neg(re), re), sel(flip, neg(im), im)};
  }
  Cx atanh(Cx z) {
    return split(z, [&](Cx w) { return atanhFinite(w); },
                 [&](Cx w) { return table(atanhTable, w); });
  }
  /// rect(r, phi) as (r, phi) parts.
  Cx rect(Cx z) {
    return split(
        z,
        [&](Cx w) {
          // For phi == 0, CPython's imaginary part is r * phi, a zero of the
          // sign of r's times phi's (rect(-1, 0) is -1-0j).
          Value *real = eq(w.im, 0);
          return Cx{sel(real, w.re, mul(w.re, fn(MathFn::Cos, w.im))),
                    sel(real, mul(w.re, w.im), mul(w.re, fn(MathFn::Sin, w.im)))};
        },
        [&](Cx w) {
          Value *pos = gt(w.re, 0);
          Value *c = copysign(k(INF), fn(MathFn::Cos, w.im));
          Value *s = copysign(k(INF), fn(MathFn::Sin, w.im));
          Cx signs{sel(pos, c, neg(c)), sel(pos, s, neg(s))};
          return sel(infiniteReal(w), signs, table(rectTable, w));
        });
  }
  /// f(i*z) / i for f = asinh, atanh, tanh, sinh: asin, atan, tan, sin.
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
  Branch branch;
};

} // namespace

RValue IRGen::cmathCall(const CallExpr &e, CMathFn fn) {
  std::vector<TypedOperand> ops;
  for (const ExprPtr &a : e.args)
    ops.push_back({info(*a).type, info(*a).weak});
  ComplexType *ct = cmathOperandType(ctx, ops);
  auto *part = ctx.floatTy(ct->partBits());
  PartMath m(b, ctx, part);
  if (fn == CMathFn::Rect) { // (r, phi) as the parts of a complex operand
    Value *r = scalar(*e.args[0], part), *phi = scalar(*e.args[1], part);
    return RValue::of(complexFunction(fn, b.create(Opcode::ComplexMake, ct, {r, phi})));
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

// For Rect, zv's parts are r and phi.
Value *IRGen::complexFunction(CMathFn f, Value *zv) {
  auto *ct = cast<ComplexType>(zv->type());
  auto *part = ctx.floatTy(ct->partBits());
  // Both parts finite, or not: two blocks, the results merged by phis.
  Branch branch = [&](Value *cond, llvm::function_ref<Cx()> yes, llvm::function_ref<Cx()> no) {
    BasicBlock *yesBB = fn->createBlock(), *noBB = fn->createBlock(), *merge = fn->createBlock();
    b.condBr(cond, yesBB, noBB);
    ssa.sealBlock(yesBB);
    ssa.sealBlock(noBB);
    std::string re = temp("cmathre"), im = temp("cmathim");
    for (auto [bb, body] : {std::pair{yesBB, yes}, std::pair{noBB, no}}) {
      enter(bb);
      Cx r = body();
      ssa.writeVariable(re, cur(), r.re);
      ssa.writeVariable(im, cur(), r.im);
      b.br(merge);
    }
    ssa.sealBlock(merge);
    enter(merge);
    return Cx{ssa.readVariable(re, part, merge), ssa.readVariable(im, part, merge)};
  };
  PartMath m(b, ctx, part, branch);
  auto [re, im] = complexParts(zv);
  Cx z{re, im}, r{};
  switch (f) {
  case CMathFn::Exp: r = m.exp(z); break;
  case CMathFn::Log: r = m.log(z); break;
  case CMathFn::Log10: {
    Cx l = m.log(z);
    r = {m.div(l.re, m.k(M_LN10)), m.div(l.im, m.k(M_LN10))};
    break;
  }
  case CMathFn::Log2: { // NumPy's: log(z) / ln 2
    Cx l = m.log(z);
    r = {m.div(l.re, m.k(M_LN2)), m.div(l.im, m.k(M_LN2))};
    break;
  }
  case CMathFn::Sqrt: r = m.sqrt(z); break;
  case CMathFn::Sin: r = m.ofIz(z, [&](Cx w) { return m.sinh(w); }); break;
  case CMathFn::Cos: r = m.cosh(Cx{m.neg(z.im), z.re}); break; // cosh(i*z)
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
  case CMathFn::Rect: r = m.rect(z); break;
  default:
    assert(false && "not a complex -> complex cmath function");
    return nullptr;
  }
  return b.create(Opcode::ComplexMake, ct, {r.re, r.im});
}
