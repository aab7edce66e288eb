//===- HostLibdevice.cpp - libdevice functions for the CPU backend -------===//
//
// The libdevice functions without a C library namesake
// (codegen/HostLibdevice.def), defined for host kernels with the meaning
// the CUDA Math API Reference Manual (CUDA 13.0) gives them:
//
// - `_rn/_rz/_ru/_rd` arithmetic and conversions round to nearest even,
//   toward zero, up or down: the operation runs under fesetround with its
//   operands and result in volatile variables, so the compiler cannot move
//   it across the mode change (this file is built with -frounding-math).
// - float-to-integer conversions saturate to the integer's range, and NaN
//   converts to 0, as PTX's cvt does (PTX ISA, "cvt").
// - integer intrinsics (brev, byte_perm, clz, popc, mul24, mulhi, sad,
//   hadd, ...) as the CUDA Math API's "Integer Intrinsics" define them.
// - special functions (erfinv, erfcinv, erfcx, normcdf(inv), cyl_bessel_i0/1,
//   sinpi/cospi) computed in double precision and rounded once for the
//   float variants; see each function for its method.
//
// Approximate GPU instructions (rcp64h, fast_fdividef, rsqrt) give the
// correctly rounded value, which is within the GPU's stated error.
//
//===----------------------------------------------------------------------===//

#include "HostLibdevice.h"

#include <algorithm>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>

using u16 = uint16_t;
using i32 = int32_t;
using u32 = uint32_t;
using i64 = int64_t;
using u64 = uint64_t;

namespace {

template <class To, class From> To bitsOf(From from) {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

/// Runs f() with rounding mode \p mode (FE_TONEAREST, FE_TOWARDZERO,
/// FE_UPWARD, FE_DOWNWARD), restoring the caller's mode.
template <class F> auto withRounding(int mode, F f) {
  int saved = std::fegetround();
  std::fesetround(mode);
  auto result = f();
  std::fesetround(saved);
  return result;
}

/// op(args...) under rounding mode \p mode: the operands read through
/// volatile lvalues after the mode changes and the result written to a
/// volatile before it is restored, so the compiler cannot move the
/// operation across either change.
template <class Op, class... T> auto roundedIn(int mode, Op op, T... args) {
  using R = decltype(op(args...));
  return withRounding(mode, [&] {
    volatile R r = op(*static_cast<volatile T *>(&args)...);
    return R(r);
  });
}
constexpr std::plus<> addOp;
constexpr std::minus<> subOp;
constexpr std::multiplies<> mulOp;
constexpr std::divides<> divOp;
constexpr auto fmaOp = [](auto x, auto y, auto z) { return std::fma(x, y, z); };
constexpr auto sqrtOp = [](auto x) { return std::sqrt(x); };

/// Converts \p a to To (a float type) rounded in \p mode.
template <class To, class From> To convertIn(int mode, From a) {
  return withRounding(mode, [&] {
    volatile From x = a;
    volatile To r = static_cast<To>(From(x));
    return To(r);
  });
}

/// Float-to-integer conversion as PTX's cvt.rXi: \p a rounded to an integer
/// in \p mode, saturated to Int's range; NaN gives 0.
template <class Int, class F> Int toInt(int mode, F a) {
  if (std::isnan(a))
    return 0;
  double r = mode == FE_DOWNWARD     ? std::floor(double(a))
             : mode == FE_UPWARD     ? std::ceil(double(a))
             : mode == FE_TOWARDZERO ? std::trunc(double(a))
                                     : withRounding(FE_TONEAREST, [&] {
                                         return std::nearbyint(double(a));
                                       });
  // The range's ends as doubles: min is -2^k exactly, max + 1 is 2^k.
  constexpr double lo = double(std::numeric_limits<Int>::min());
  constexpr double hiPlusOne = 2.0 * double(Int(1) << (std::numeric_limits<Int>::digits - 1));
  if (r <= lo)
    return std::numeric_limits<Int>::min();
  if (r >= hiPlusOne)
    return std::numeric_limits<Int>::max();
  return static_cast<Int>(r);
}

constexpr double kPi = 3.141592653589793238462643383279502884;
constexpr double kTwoOverSqrtPi = 1.128379167095512573896158903121545172;
constexpr double kSqrtPi = 1.772453850905516027298167483341145183;
constexpr double kSqrt2 = 1.414213562373095048801688724209698079;

/// sin(pi x) and cos(pi x), exact at integers and half-integers: x reduced
/// modulo 2 exactly (fmod), then to [-1/4, 1/4] by a quarter turn.
void sinCosPi(double x, double *s, double *c) {
  if (!std::isfinite(x)) {
    *s = *c = std::numeric_limits<double>::quiet_NaN();
    return;
  }
  double r = std::fmod(x, 2.0); // exact, in (-2, 2), sign of x
  double n = std::nearbyint(r * 2.0); // quarter turns, exact (|r*2| < 4)
  double f = r - n * 0.5;             // in [-1/4, 1/4], exact
  double sf = std::sin(kPi * f), cf = std::cos(kPi * f);
  int q = static_cast<int>(n) & 3;
  double sv = q == 0 ? sf : q == 1 ? cf : q == 2 ? -sf : -cf;
  double cv = q == 0 ? cf : q == 1 ? -sf : q == 2 ? -cf : sf;
  // sinpi(+-0) is +-0 and sinpi(n) +0 (CUDA); cospi(n + 1/2) is +0.
  *s = sv == 0.0 ? (x == 0.0 ? x : 0.0) : sv;
  *c = cv == 0.0 ? 0.0 : cv;
}

/// erfcx(x) = exp(x^2) erfc(x) without overflow or underflow. x >= 12: the
/// asymptotic series 1/(x sqrt(pi)) sum (-1)^n (2n-1)!!/(2x^2)^n (Abramowitz
/// and Stegun 7.1.23; its terms shrink past n = 40 for x >= 12); otherwise
/// exp(x^2) erfc(x) with x^2 split exactly (hi + lo, through fma); x < 0 by
/// erfcx(x) = 2 exp(x^2) - erfcx(-x) (A&S 7.1.2 and 7.1.3).
double erfcxOf(double x) {
  if (std::isnan(x))
    return x;
  if (x < 0) {
    if (x < -26.7) // 2 exp(x^2) overflows
      return std::numeric_limits<double>::infinity();
    double hi = x * x, lo = std::fma(x, x, -hi);
    return 2.0 * std::exp(hi) * (1.0 + lo) - erfcxOf(-x);
  }
  if (x >= 12.0) {
    if (std::isinf(x))
      return 0.0;
    double inv = 1.0 / (2.0 * x * x), term = 1.0, sum = 1.0;
    for (int n = 1; n < 40; ++n) {
      term *= -(2.0 * n - 1.0) * inv;
      sum += term;
      if (std::fabs(term) < 1e-17 * std::fabs(sum))
        break;
    }
    return sum / (x * kSqrtPi);
  }
  double hi = x * x, lo = std::fma(x, x, -hi);
  return std::exp(hi) * std::erfc(x) * (1.0 + lo);
}

/// The t with erfc(t) = y for 0 < y <= 1 (t >= 0): Newton's method on
/// g(t) = log(erfcx(t)) - t^2 - log(y), which is smooth and free of underflow
/// for every y; g'(t) = -2 / (sqrt(pi) erfcx(t)). Starts from
/// t = sqrt(-log(y)) (a root of the leading term), converging in a few steps.
double erfcInvUpper(double y) {
  double logY = std::log(y);
  double t = y > 0.5 ? (1.0 - y) * kSqrtPi / 2.0 : std::sqrt(-logY);
  for (int i = 0; i < 60; ++i) {
    double e = erfcxOf(t);
    double step = (std::log(e) - t * t - logY) * (kSqrtPi * e / -2.0);
    double next = t - step;
    if (next < 0)
      next = t / 2;
    if (std::fabs(next - t) <= 1e-16 * std::fabs(next)) {
      t = next;
      break;
    }
    t = next;
  }
  return t;
}

/// erfinv(x) for |x| <= 1/2: Newton's method on erf(t) - x from the series'
/// first two terms (erf' = 2/sqrt(pi) exp(-t^2)), which erf's relative
/// accuracy near 0 keeps to an ulp or two.
double erfInvCentral(double x) {
  if (x == 0.0)
    return x;
  double t = x * (kSqrtPi / 2.0) * (1.0 + kPi * x * x / 12.0);
  for (int i = 0; i < 20; ++i) {
    double step = (std::erf(t) - x) / (kTwoOverSqrtPi * std::exp(-t * t));
    t -= step;
    if (std::fabs(step) <= 1e-17 * std::fabs(t))
      break;
  }
  return t;
}

/// erfcinv(y): the log form (erfcInvUpper) for y < 1/2 and, by symmetry,
/// y > 3/2; between, erfinv(1 - y), 1 - y being exact there (Sterbenz) and
/// the log form losing digits as erfc(t) nears 1.
double erfcInv(double y) {
  if (std::isnan(y) || y < 0.0 || y > 2.0)
    return std::numeric_limits<double>::quiet_NaN();
  if (y == 0.0)
    return std::numeric_limits<double>::infinity();
  if (y == 2.0)
    return -std::numeric_limits<double>::infinity();
  if (y < 0.5)
    return erfcInvUpper(y);
  if (y > 1.5)
    return -erfcInvUpper(2.0 - y); // 2 - y exact on [1, 2]
  return erfInvCentral(1.0 - y);
}

/// erfinv(x): erfInvCentral for |x| <= 1/2; beyond, erfcinv(1 - |x|) by the
/// log form, 1 - |x| being exact there.
double erfInv(double x) {
  if (std::isnan(x) || std::fabs(x) > 1.0)
    return std::numeric_limits<double>::quiet_NaN();
  if (std::fabs(x) == 1.0)
    return std::copysign(std::numeric_limits<double>::infinity(), x);
  if (std::fabs(x) > 0.5)
    return std::copysign(erfcInvUpper(1.0 - std::fabs(x)), x);
  return erfInvCentral(x);
}

/// Phi(x) = erfc(-x / sqrt(2)) / 2, with -x / sqrt(2) carried as hi + lo
/// (1/sqrt(2) split in two doubles): for x << 0 the rounding of the
/// argument alone would cost 2 t^2 ulp (1e-13 at x = -33); erfc(hi + lo) =
/// erfc(hi) (1 - lo 2 / (sqrt(pi) erfcx(hi))) to first order.
double normCdf(double x) {
  constexpr double kRsqrt2Hi = 0.7071067811865476, kRsqrt2Lo = -4.833646656726457e-17;
  double hi = -x * kRsqrt2Hi;
  double lo = std::fma(-x, kRsqrt2Hi, -hi) + -x * kRsqrt2Lo;
  double e = std::erfc(hi);
  if (hi > 0.5 && std::isfinite(hi))
    e *= 1.0 - lo * kTwoOverSqrtPi / erfcxOf(hi);
  return 0.5 * e;
}

/// sqrt(sum of squares) without overflow or underflow: scaled by the
/// largest magnitude (inf wins over NaN, as hypot).
template <class T> T normOf(std::initializer_list<T> xs) {
  double big = 0;
  bool nan = false;
  for (T x : xs) {
    if (std::isinf(x))
      return std::numeric_limits<T>::infinity();
    nan |= std::isnan(x);
    big = std::fmax(big, std::fabs(double(x)));
  }
  if (nan)
    return std::numeric_limits<T>::quiet_NaN();
  if (big == 0)
    return 0;
  // In long double: the sum of the scaled squares is exact enough that the
  // float and double results round once.
  long double sum = 0;
  for (T x : xs) {
    long double s = (long double)x / big;
    sum += s * s;
  }
  return static_cast<T>(std::sqrt(sum) * big);
}

/// binary16 bits -> float32 (exact).
float halfBitsToFloat(u16 h) {
  u32 sign = u32(h & 0x8000) << 16, exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  if (exponent == 0x1f)
    return bitsOf<float>(sign | 0x7f800000u | (mantissa << 13));
  if (exponent == 0) // zero or subnormal: mantissa * 2^-24
    return bitsOf<float>(sign) + (sign ? -1.0f : 1.0f) * std::ldexp(float(mantissa), -24);
  return bitsOf<float>(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

} // namespace

// -------------------------------------------------------------------------
// The functions, by the names the JIT binds (pyjit_nv_<libdevice name>).

#define RN FE_TONEAREST
#define RZ FE_TOWARDZERO
#define RU FE_UPWARD
#define RD FE_DOWNWARD

#define FOUR_MODES(macro) macro(rn, RN) macro(rz, RZ) macro(ru, RU) macro(rd, RD)

extern "C" {

// Rounded arithmetic.
#define ARITH(sfx, mode)                                                                       \
  double pyjit_nv_dadd_##sfx(double a, double b) { return roundedIn(mode, addOp, a, b); }      \
  double pyjit_nv_dsub_##sfx(double a, double b) { return roundedIn(mode, subOp, a, b); }      \
  double pyjit_nv_dmul_##sfx(double a, double b) { return roundedIn(mode, mulOp, a, b); }      \
  double pyjit_nv_ddiv_##sfx(double a, double b) { return roundedIn(mode, divOp, a, b); }      \
  double pyjit_nv_drcp_##sfx(double a) { return roundedIn(mode, divOp, 1.0, a); }              \
  double pyjit_nv_dsqrt_##sfx(double a) { return roundedIn(mode, sqrtOp, a); }                 \
  double pyjit_nv_fma_##sfx(double a, double b, double c) { return roundedIn(mode, fmaOp, a, b, c); }\
  float pyjit_nv_fadd_##sfx(float a, float b) { return roundedIn(mode, addOp, a, b); }         \
  float pyjit_nv_fsub_##sfx(float a, float b) { return roundedIn(mode, subOp, a, b); }         \
  float pyjit_nv_fmul_##sfx(float a, float b) { return roundedIn(mode, mulOp, a, b); }         \
  float pyjit_nv_fdiv_##sfx(float a, float b) { return roundedIn(mode, divOp, a, b); }         \
  float pyjit_nv_frcp_##sfx(float a) { return roundedIn(mode, divOp, 1.0f, a); }               \
  float pyjit_nv_fsqrt_##sfx(float a) { return roundedIn(mode, sqrtOp, a); }                   \
  float pyjit_nv_fmaf_##sfx(float a, float b, float c) { return roundedIn(mode, fmaOp, a, b, c); }\
  float pyjit_nv_fmaf_ieee_##sfx(float a, float b, float c) { return roundedIn(mode, fmaOp, a, b, c); }
FOUR_MODES(ARITH)
#undef ARITH

// Conversions: to floats rounded in the mode; to integers saturated.
#define CONVERT(sfx, mode)                                                                     \
  float pyjit_nv_double2float_##sfx(double a) { return convertIn<float>(mode, a); }            \
  float pyjit_nv_int2float_##sfx(i32 a) { return convertIn<float>(mode, a); }                  \
  float pyjit_nv_uint2float_##sfx(u32 a) { return convertIn<float>(mode, a); }                 \
  float pyjit_nv_ll2float_##sfx(i64 a) { return convertIn<float>(mode, a); }                   \
  float pyjit_nv_ull2float_##sfx(u64 a) { return convertIn<float>(mode, a); }                  \
  double pyjit_nv_ll2double_##sfx(i64 a) { return convertIn<double>(mode, a); }                \
  double pyjit_nv_ull2double_##sfx(u64 a) { return convertIn<double>(mode, a); }               \
  i32 pyjit_nv_float2int_##sfx(float a) { return toInt<i32>(mode, a); }                        \
  u32 pyjit_nv_float2uint_##sfx(float a) { return toInt<u32>(mode, a); }                       \
  i64 pyjit_nv_float2ll_##sfx(float a) { return toInt<i64>(mode, a); }                         \
  u64 pyjit_nv_float2ull_##sfx(float a) { return toInt<u64>(mode, a); }                        \
  i32 pyjit_nv_double2int_##sfx(double a) { return toInt<i32>(mode, a); }                      \
  u32 pyjit_nv_double2uint_##sfx(double a) { return toInt<u32>(mode, a); }                     \
  i64 pyjit_nv_double2ll_##sfx(double a) { return toInt<i64>(mode, a); }                       \
  u64 pyjit_nv_double2ull_##sfx(double a) { return toInt<u64>(mode, a); }
FOUR_MODES(CONVERT)
#undef CONVERT

double pyjit_nv_int2double_rn(i32 a) { return a; }  // exact
double pyjit_nv_uint2double_rn(u32 a) { return a; } // exact
// float to double is exact: one rounding.
u16 pyjit_nv_float2half_rn(float a) { return pyjit::runtime::doubleToHalfBits(a); }
float pyjit_nv_half2float(u16 a) { return halfBitsToFloat(a); }

// Reinterpretation.
i64 pyjit_nv_double_as_longlong(double a) { return bitsOf<i64>(a); }
double pyjit_nv_longlong_as_double(i64 a) { return bitsOf<double>(a); }
i32 pyjit_nv_float_as_int(float a) { return bitsOf<i32>(a); }
u32 pyjit_nv_float_as_uint(float a) { return bitsOf<u32>(a); }
float pyjit_nv_int_as_float(i32 a) { return bitsOf<float>(a); }
float pyjit_nv_uint_as_float(u32 a) { return bitsOf<float>(a); }
i32 pyjit_nv_double2hiint(double a) { return static_cast<i32>(bitsOf<u64>(a) >> 32); }
i32 pyjit_nv_double2loint(double a) { return static_cast<i32>(bitsOf<u64>(a)); }
double pyjit_nv_hiloint2double(i32 hi, i32 lo) {
  return bitsOf<double>((u64(u32(hi)) << 32) | u32(lo));
}

// Integer intrinsics.
u32 pyjit_nv_brev(u32 a) {
  u32 r = 0;
  for (int i = 0; i < 32; ++i)
    r |= ((a >> i) & 1u) << (31 - i);
  return r;
}
u64 pyjit_nv_brevll(u64 a) {
  return (u64(pyjit_nv_brev(static_cast<u32>(a))) << 32) | pyjit_nv_brev(static_cast<u32>(a >> 32));
}
/// Byte n of the result is byte (s >> 4n) & 7 of the 8 bytes {y, x} (x the
/// low four).
u32 pyjit_nv_byte_perm(u32 x, u32 y, u32 s) {
  u64 bytes = (u64(y) << 32) | x;
  u32 r = 0;
  for (int n = 0; n < 4; ++n)
    r |= static_cast<u32>((bytes >> (8 * ((s >> (4 * n)) & 7))) & 0xff) << (8 * n);
  return r;
}
i32 pyjit_nv_clz(i32 a) { return a == 0 ? 32 : __builtin_clz(static_cast<u32>(a)); }
i32 pyjit_nv_clzll(i64 a) { return a == 0 ? 64 : __builtin_clzll(static_cast<u64>(a)); }
i32 pyjit_nv_popc(u32 a) { return __builtin_popcount(a); }
i32 pyjit_nv_popcll(u64 a) { return __builtin_popcountll(a); }
/// The low 32 bits of the product of the low 24 bits of a and b (signed:
/// bits 23 sign-extend).
i32 pyjit_nv_mul24(i32 a, i32 b) {
  i64 x = static_cast<i32>(static_cast<u32>(a) << 8) >> 8;
  i64 y = static_cast<i32>(static_cast<u32>(b) << 8) >> 8;
  return static_cast<i32>(static_cast<u32>(static_cast<u64>(x * y)));
}
u32 pyjit_nv_umul24(u32 a, u32 b) { return (a & 0xffffff) * (b & 0xffffff); }
i32 pyjit_nv_mulhi(i32 a, i32 b) { return static_cast<i32>((i64(a) * i64(b)) >> 32); }
u32 pyjit_nv_umulhi(u32 a, u32 b) { return static_cast<u32>((u64(a) * u64(b)) >> 32); }
i64 pyjit_nv_mul64hi(i64 a, i64 b) {
  return static_cast<i64>((static_cast<__int128>(a) * b) >> 64);
}
u64 pyjit_nv_umul64hi(u64 a, u64 b) {
  return static_cast<u64>((static_cast<unsigned __int128>(a) * b) >> 64);
}
/// |a - b| + c, the difference taken without overflow.
u32 pyjit_nv_sad(i32 a, i32 b, u32 c) {
  return static_cast<u32>(a > b ? i64(a) - b : i64(b) - a) + c;
}
u32 pyjit_nv_usad(u32 a, u32 b, u32 c) { return (a > b ? a - b : b - a) + c; }
/// (a + b) >> 1 and (a + b + 1) >> 1 without overflow.
i32 pyjit_nv_hadd(i32 a, i32 b) { return static_cast<i32>((i64(a) + b) >> 1); }
i32 pyjit_nv_rhadd(i32 a, i32 b) { return static_cast<i32>((i64(a) + b + 1) >> 1); }
u32 pyjit_nv_uhadd(u32 a, u32 b) { return static_cast<u32>((u64(a) + b) >> 1); }
u32 pyjit_nv_urhadd(u32 a, u32 b) { return static_cast<u32>((u64(a) + b + 1) >> 1); }
i32 pyjit_nv_max(i32 a, i32 b) { return a > b ? a : b; }
i32 pyjit_nv_min(i32 a, i32 b) { return a < b ? a : b; }
u32 pyjit_nv_umax(u32 a, u32 b) { return a > b ? a : b; }
u32 pyjit_nv_umin(u32 a, u32 b) { return a < b ? a : b; }
i64 pyjit_nv_llmax(i64 a, i64 b) { return a > b ? a : b; }
i64 pyjit_nv_llmin(i64 a, i64 b) { return a < b ? a : b; }
u64 pyjit_nv_ullmax(u64 a, u64 b) { return a > b ? a : b; }
u64 pyjit_nv_ullmin(u64 a, u64 b) { return a < b ? a : b; }

// Classification: 1 for true (libdevice returns non-zero).
i32 pyjit_nv_isfinited(double a) { return std::isfinite(a) ? 1 : 0; }
i32 pyjit_nv_isinfd(double a) { return std::isinf(a) ? 1 : 0; }
i32 pyjit_nv_isnand(double a) { return std::isnan(a) ? 1 : 0; }
i32 pyjit_nv_signbitd(double a) { return std::signbit(a) ? 1 : 0; }
i32 pyjit_nv_signbitf(float a) { return std::signbit(a) ? 1 : 0; }

// Simple math.
float pyjit_nv_saturatef(float a) { return a > 0.0f ? (a < 1.0f ? a : 1.0f) : 0.0f; } // NaN: 0
float pyjit_nv_fast_fdividef(float a, float b) { return a / b; }
float pyjit_nv_frsqrt_rn(float a) { return static_cast<float>(1.0 / std::sqrt(double(a))); }
// Reciprocals in long double (64-bit significand): rounded to double once, in
// effect (1 ulp at most, as CUDA bounds rsqrt, rcbrt and rhypot).
double pyjit_nv_rsqrt(double a) { return static_cast<double>(1.0L / std::sqrt((long double)a)); }
float pyjit_nv_rsqrtf(float a) { return static_cast<float>(1.0 / std::sqrt(double(a))); }
double pyjit_nv_rcbrt(double a) { return static_cast<double>(1.0L / std::cbrt((long double)a)); }
float pyjit_nv_rcbrtf(float a) { return static_cast<float>(1.0 / std::cbrt(double(a))); }
/// rcp.approx.ftz.f64: 1/a from a's upper 32 bits, its low 32 bits zero.
double pyjit_nv_rcp64h(double a) {
  double top = bitsOf<double>(bitsOf<u64>(a) & 0xffffffff00000000ull);
  return bitsOf<double>(bitsOf<u64>(1.0 / top) & 0xffffffff00000000ull);
}
double pyjit_nv_powi(double a, i32 n) { return std::pow(a, double(n)); }
float pyjit_nv_powif(float a, i32 n) { return static_cast<float>(std::pow(double(a), double(n))); }
double pyjit_nv_rhypot(double a, double b) {
  return static_cast<double>(1.0L / std::hypot((long double)a, (long double)b));
}
float pyjit_nv_rhypotf(float a, float b) {
  return static_cast<float>(1.0 / std::hypot(double(a), double(b)));
}
double pyjit_nv_norm3d(double a, double b, double c) { return normOf({a, b, c}); }
float pyjit_nv_norm3df(float a, float b, float c) { return normOf({a, b, c}); }
double pyjit_nv_norm4d(double a, double b, double c, double d) { return normOf({a, b, c, d}); }
float pyjit_nv_norm4df(float a, float b, float c, float d) { return normOf({a, b, c, d}); }
double pyjit_nv_rnorm3d(double a, double b, double c) { return 1.0 / normOf({a, b, c}); }
float pyjit_nv_rnorm3df(float a, float b, float c) { return 1.0f / normOf({a, b, c}); }
double pyjit_nv_rnorm4d(double a, double b, double c, double d) {
  return 1.0 / normOf({a, b, c, d});
}
float pyjit_nv_rnorm4df(float a, float b, float c, float d) { return 1.0f / normOf({a, b, c, d}); }

// Special functions.
double pyjit_nv_sinpi(double a) {
  double s, c;
  sinCosPi(a, &s, &c);
  return s;
}
double pyjit_nv_cospi(double a) {
  double s, c;
  sinCosPi(a, &s, &c);
  return c;
}
float pyjit_nv_sinpif(float a) { return static_cast<float>(pyjit_nv_sinpi(a)); }
float pyjit_nv_cospif(float a) { return static_cast<float>(pyjit_nv_cospi(a)); }
void pyjit_nv_sincospi(double a, double *s, double *c) { sinCosPi(a, s, c); }
void pyjit_nv_sincospif(float a, float *s, float *c) {
  double sd, cd;
  sinCosPi(a, &sd, &cd);
  *s = static_cast<float>(sd);
  *c = static_cast<float>(cd);
}
/// I0 and I1, the modified Bessel functions of the first kind (C++17's
/// std::cyl_bessel_i, defined for x >= 0; I0 is even, I1 odd). Both pass
/// DBL_MAX from x = 713.99 (I(x) ~ e^x / sqrt(2 pi x)): infinity from 714 on,
/// where libstdc++ gives inf up to 1e7 and throws beyond.
static double besselI(double order, double a) {
  if (std::isnan(a))
    return a;
  double x = std::fabs(a);
  double value = x >= 714.0 ? std::numeric_limits<double>::infinity()
                            : std::cyl_bessel_i(order, x);
  return order == 1.0 ? std::copysign(value, a) : value;
}
double pyjit_nv_cyl_bessel_i0(double a) { return besselI(0.0, a); }
double pyjit_nv_cyl_bessel_i1(double a) { return besselI(1.0, a); }
float pyjit_nv_cyl_bessel_i0f(float a) { return static_cast<float>(pyjit_nv_cyl_bessel_i0(a)); }
float pyjit_nv_cyl_bessel_i1f(float a) { return static_cast<float>(pyjit_nv_cyl_bessel_i1(a)); }
double pyjit_nv_erfinv(double a) { return erfInv(a); }
float pyjit_nv_erfinvf(float a) { return static_cast<float>(erfInv(a)); }
double pyjit_nv_erfcinv(double a) { return erfcInv(a); }
float pyjit_nv_erfcinvf(float a) { return static_cast<float>(erfcInv(a)); }
double pyjit_nv_erfcx(double a) { return erfcxOf(a); }
float pyjit_nv_erfcxf(float a) { return static_cast<float>(erfcxOf(a)); }
double pyjit_nv_normcdf(double a) { return normCdf(a); }
float pyjit_nv_normcdff(float a) { return static_cast<float>(normCdf(a)); }
/// Phi^-1(p) = -sqrt(2) erfcinv(2p).
double pyjit_nv_normcdfinv(double a) { return -kSqrt2 * erfcInv(2.0 * a); }
float pyjit_nv_normcdfinvf(float a) {
  return static_cast<float>(-kSqrt2 * erfcInv(2.0 * double(a)));
}

} // extern "C"

uint16_t pyjit::runtime::doubleToHalfBits(double d) {
  uint64_t x;
  std::memcpy(&x, &d, sizeof x);
  auto sign = static_cast<uint16_t>((x >> 48) & 0x8000);
  uint64_t magnitude = x & 0x7fffffffffffffffULL;
  uint16_t bits;
  if (magnitude >= 0x7ff0000000000000ULL) { // inf, or NaN (kept quiet)
    bits = magnitude == 0x7ff0000000000000ULL ? 0x7c00 : 0x7e00;
  } else {
    int exponent = static_cast<int>(magnitude >> 52) - 1023; // of a normal double
    int halfExponent = exponent + 15;                          // biased, binary16
    if (halfExponent >= 31) {
      bits = 0x7c00; // past binary16's range: inf
    } else if ((magnitude >> 52) == 0) {
      bits = 0; // a subnormal double is far below binary16's smallest value
    } else {
      uint64_t mantissa = (magnitude & ((1ULL << 52) - 1)) | (1ULL << 52);
      // Keep 11 significant bits for a normal half, fewer for a subnormal one.
      int shift = 42 + (halfExponent >= 1 ? 0 : 1 - halfExponent);
      uint64_t kept = shift < 64 ? mantissa >> shift : 0;
      uint64_t rest = shift < 64 ? mantissa & ((1ULL << shift) - 1) : mantissa;
      uint64_t halfway = shift < 64 ? 1ULL << (shift - 1) : ~0ULL;
      if (rest > halfway || (rest == halfway && (kept & 1)))
        ++kept; // a carry out of the mantissa bumps the exponent, up to inf
      bits = halfExponent >= 1 ? static_cast<uint16_t>(((halfExponent - 1) << 10) + kept)
                               : static_cast<uint16_t>(kept);
      if (bits > 0x7c00)
        bits = 0x7c00;
    }
  }
  return bits | sign;
}

uint16_t pyjit::runtime::doubleToBFloat16Bits(double d) {
  uint64_t x;
  std::memcpy(&x, &d, sizeof x);
  auto sign = static_cast<uint16_t>((x >> 48) & 0x8000);
  uint64_t magnitude = x & 0x7fffffffffffffffULL;
  if (magnitude >= 0x7ff0000000000000ULL) // inf, or NaN (kept quiet)
    return sign | (magnitude == 0x7ff0000000000000ULL ? 0x7f80 : 0x7fc0);
  if ((magnitude >> 52) == 0)
    return sign; // a subnormal double is far below bfloat16's smallest value
  int exponent = static_cast<int>(magnitude >> 52) - 1023; // of a normal double
  int bfExponent = exponent + 127;                           // biased, as float32's
  if (bfExponent >= 255)
    return sign | 0x7f80; // past bfloat16's range: inf
  uint64_t mantissa = (magnitude & ((1ULL << 52) - 1)) | (1ULL << 52);
  // Keep 8 significant bits for a normal bfloat16, fewer for a subnormal one.
  int shift = 45 + (bfExponent >= 1 ? 0 : 1 - bfExponent);
  if (shift > 54)
    return sign; // below half the smallest subnormal (2^-134): zero
  uint64_t kept = mantissa >> shift;
  uint64_t rest = mantissa & ((1ULL << shift) - 1);
  uint64_t halfway = 1ULL << (shift - 1);
  if (rest > halfway || (rest == halfway && (kept & 1)))
    ++kept; // a carry out of the fraction bumps the exponent, up to inf
  uint32_t bits = bfExponent >= 1 ? ((static_cast<uint32_t>(bfExponent) - 1) << 7) + kept
                                  : static_cast<uint32_t>(kept);
  return sign | static_cast<uint16_t>(std::min<uint32_t>(bits, 0x7f80));
}

llvm::ArrayRef<pyjit::runtime::HostLibdeviceSymbol> pyjit::runtime::hostLibdeviceSymbols() {
  static const HostLibdeviceSymbol symbols[] = {
#define PYJIT_HOST_LIBDEVICE(name)                                                             \
  {"__pyjit_nv_" #name, reinterpret_cast<void *>(&pyjit_nv_##name)},
#include "pyjit/codegen/HostLibdevice.def"
  };
  return symbols;
}
