//===- IRGenBf16.cpp - Lowering of numba.cuda.bf16's functions ------------===//
//
// The functions cuda_bf16.h gives numba-cuda's bf16 module (CUDA Math API,
// "Bfloat16 Precision Intrinsics"), as typed IR: those cuda.fp16 has too
// (hadd, hmax, hsin, ...) through IRGen::fp16Call in bfloat16; saturating,
// relu and NaN-propagating variants; hisnan/hisinf; conversions with a
// rounding mode; bit reinterpretations.
//
//===----------------------------------------------------------------------===//
#include "Bf16Functions.h"
#include "IRGenImpl.h"
#include "Inferer.h"

#include <cmath>

namespace pyjit::ir::detail {

RValue IRGen::bf16Call(const CallExpr &e, llvm::StringRef spelled, Type *half) {
  Type *bf16 = half; // (bfloat16, or float16 for cuda_fp16.h's names)
  bool isBf16 = cast<FloatType>(half)->isBFloat16();
  std::optional<Bf16Function> fn =
      isBf16 ? lookupBf16Function(spelled) : lookupFp16CFunction(spelled);
  assert(fn && "typed as a cuda.bf16 (or cuda_fp16.h) function");
  llvm::StringRef name = fn->name; // float2bfloat16_rz is float32_to_bfloat16_rz
  if (isFp16Function(name) && (name != "hfma" || !isBf16)) // (fp16's hfma rounds once)
    return fp16Call(e, name, bf16);
  Type *param = ctx.scalarByName(fn->param), *result = ctx.scalarByName(fn->result);
  std::vector<Value *> x;
  for (const ExprPtr &a : e.args)
    x.push_back(scalar(*a, param));
  auto isnan = [&](Value *v) { return mathOp(b, ctx, MathFn::Isnan, {v}); };
  auto k = [&](double v) { return b.constFloat(bf16, v); };
  // hfma: a * b + c rounded once (fma.rn.bf16). The product of two bfloat16
  // values is exact in float64; the sum is too where it rounds, plus its
  // error (Knuth's TwoSum: exact with round-to-nearest additions): the sum
  // moved one float64 step toward the error lies on the exact result's side
  // of every bfloat16 value and tie (45 trailing zero bits in float64), so
  // rounding it to bfloat16 rounds as the exact result would.
  auto fma = [&]() -> Value * {
    Type *f64 = ctx.float64();
    Value *p = b.binary(Opcode::Mul, b.cast(x[0], f64), b.cast(x[1], f64));
    Value *c = b.cast(x[2], f64);
    Value *sum = b.binary(Opcode::Add, p, c);
    Value *cPart = b.binary(Opcode::Sub, sum, p);
    Value *pPart = b.binary(Opcode::Sub, sum, cPart);
    Value *err = b.binary(Opcode::Add, b.binary(Opcode::Sub, p, pPart),
                          b.binary(Opcode::Sub, c, cPart));
    // Only a finite, non-zero sum with an error moves (an infinite sum's
    // error is NaN; where the sum is zero the error is too).
    Value *zero = b.constFloat(f64, 0);
    return b.cast(b.float64Step(sum, b.cmp(CmpPredicate::Gt, err, zero),
                                b.cmp(CmpPredicate::Lt, err, zero)),
                  bf16);
  };
  if (name == "hfma")
    return RValue::of(fma());
  // _rn: not contracted into an fma with a neighbouring operation (cuda_bf16.h:
  // "prevents floating-point contractions of mul+add into fma"), which the GPU
  // backend does to + - * of bfloat16: libdevice's float32 __nv_fmul_rn (an
  // opaque intrinsic) of the exactly widened operands, rounded to bfloat16
  // (a float32 product of two bfloat16 values is exact; a float32 sum rounds
  // first, harmlessly: 24 >= 2 * 8 + 2 bits).
  llvm::StringRef base = name;
  if (base.consume_back("_rn") && isFp16Function(base)) {
    Type *f32 = ctx.float32();
    Instruction *op = b.create(Opcode::Libdevice, f32, {b.cast(x[0], f32), b.cast(x[1], f32)});
    op->text = base == "hadd" ? "fadd_rn" : base == "hsub" ? "fsub_rn" : "fmul_rn";
    return RValue::of(b.cast(op, bf16));
  }
  // _sat: clamped to [0, 1], a NaN result flushed to +0 (__hadd_sat).
  if (base.consume_back("_sat")) {
    Value *v = base == "hfma" ? fma() : fp16Call(e, base, bf16).value;
    return RValue::of(b.select(b.cmp(CmpPredicate::Gt, v, k(0)),
                               b.select(b.cmp(CmpPredicate::Lt, v, k(1)), v, k(1)), k(0)));
  }
  if (name == "hfma_relu") { // a negative result is 0, a NaN one the canonical NaN
    Value *v = fma();
    return RValue::of(b.select(isnan(v), k(NAN),
                               b.select(b.cmp(CmpPredicate::Lt, v, k(0)), k(0), v)));
  }
  if (name == "hmax_nan" || name == "hmin_nan") { // a NaN operand gives NaN
    Value *v = fp16Call(e, name.drop_back(4), bf16).value;
    return RValue::of(b.select(b.binary(Opcode::BitOr, isnan(x[0]), isnan(x[1])), k(NAN), v));
  }
  if (name == "hisnan")
    return RValue::of(isnan(x[0]));
  // hequ, hneu, ...: unordered, true where either operand is NaN.
  if (fn->result == "bool" && name.size() == 4 && name.consume_back("u")) {
    Value *ordered = fp16Call(e, name, bf16).value;
    return RValue::of(b.select(b.binary(Opcode::BitOr, isnan(x[0]), isnan(x[1])),
                               b.constBool(true), ordered));
  }
  if (name == "hisinf") {
    Value *r = b.select(b.cmp(CmpPredicate::Eq, x[0], k(INFINITY)), b.constInt(result, 1),
                        b.constInt(result, 0));
    return RValue::of(
        b.select(b.cmp(CmpPredicate::Eq, x[0], k(-INFINITY)), b.constInt(result, -1), r));
  }
  if (fn->bitcast)
    return RValue::of(b.create(Opcode::Bitcast, result, {x[0]}));
  if (param == bf16) {
    // To a float: exact. To an integer: rounded in float32 (which holds every
    // bfloat16), then converted saturating, NaN to 0 (__bfloat162int_rn).
    if (isa<FloatType>(result))
      return RValue::of(b.cast(x[0], result));
    Value *f = b.cast(x[0], ctx.float32());
    MathFn mode = fn->rounding == 'z'   ? MathFn::TruncF
                  : fn->rounding == 'd' ? MathFn::FloorF
                  : fn->rounding == 'u' ? MathFn::CeilF
                                        : MathFn::RintF;
    Value *converted = b.cast(mathOp(b, ctx, mode, {f}), result);
    if (cast<IntType>(result)->bits() < 64)
      return RValue::of(converted);
    // 64-bit results: NaN gives 0x8000000000000000 (cuda_fp16.h's and
    // cuda_bf16.h's __half2ll_rn, __bfloat162ull_rz, ...).
    return RValue::of(b.select(isnan(x[0]), b.constInt(result, INT64_MIN), converted));
  }
  // To bfloat16: through float64 (exact for float32 values and integers of
  // up to 53 bits; IRBuilder::float64OnSideOf for 64-bit ones), rounded to
  // nearest even once; a directed mode then steps to the neighbour when that
  // went the wrong way (the nearest is at most one step from the directed
  // result).
  Type *f64 = ctx.float64(), *i16 = ctx.intTy(16, true);
  auto *it = dyn_cast<IntType>(param);
  Value *wide = it && it->bits() == 64 ? b.float64OnSideOf(x[0]) : b.cast(x[0], f64);
  Value *r = b.cast(wide, bf16);
  if (fn->rounding == 'n')
    return RValue::of(r);
  Value *back = b.cast(r, f64);
  Value *bits = b.create(Opcode::Bitcast, i16, {r});
  Value *negative = b.cmp(CmpPredicate::Lt, bits, b.constInt(i16, 0));
  Value *more = b.binary(Opcode::Add, bits, b.constInt(i16, 1)); // one step away from zero
  Value *less = b.binary(Opcode::Sub, bits, b.constInt(i16, 1)); // one step toward zero
  Value *wrong, *step;
  if (fn->rounding == 'z') {
    wrong = b.cmp(CmpPredicate::Gt, b.unary(Opcode::Abs, back), b.unary(Opcode::Abs, wide));
    step = less;
  } else if (fn->rounding == 'd') {
    wrong = b.cmp(CmpPredicate::Gt, back, wide);
    step = b.select(negative, more, less);
  } else {
    wrong = b.cmp(CmpPredicate::Lt, back, wide);
    step = b.select(negative, less, more);
  }
  return RValue::of(b.select(wrong, b.create(Opcode::Bitcast, bf16, {step}), r));
}

} // namespace pyjit::ir::detail
