//===- ComplexLowering.cpp - complex64/complex128 arithmetic -------------===//
//
// Complex numbers are {re, im} structs. Division and power follow CPython
// (Objects/complexobject.c: _Py_c_quot with Smith's scaling, _Py_c_pow), so
// results match Python's complex type rather than the textbook formulas.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"
#include "llvm/IR/Intrinsics.h"

#include <limits>

using namespace pyjit;

namespace pyjit::codegen::detail {

llvm::Value *Emitter::makeComplex(llvm::Type *ty, llvm::Value *re, llvm::Value *im) {
  llvm::Value *z = llvm::UndefValue::get(ty);
  z = b.CreateInsertValue(z, re, 0);
  return b.CreateInsertValue(z, im, 1);
}

llvm::Value *Emitter::complexConvert(llvm::Value *v, ir::Type *from, ir::Type *to) {
  if (isa<ir::ComplexType>(from)) {
    llvm::Value *re = b.CreateExtractValue(v, 0), *im = b.CreateExtractValue(v, 1);
    if (isa<ir::BoolType>(to)) {
      llvm::Value *zero = llvm::ConstantFP::get(re->getType(), 0.0);
      return b.CreateOr(b.CreateFCmpUNE(re, zero), b.CreateFCmpUNE(im, zero));
    }
    llvm::Type *dst = typeOf(to);
    if (!isa<ir::ComplexType>(to)) {
      // Type inference refuses complex -> real stores and conversions; kept
      // total anyway: the real part, as numpy's astype keeps it.
      if (isa<ir::FloatType>(to))
        return b.CreateFPCast(re, dst);
      return isSigned(to) ? b.CreateFPToSI(re, dst) : b.CreateFPToUI(re, dst);
    }
    llvm::Type *part = cast<llvm::StructType>(dst)->getElementType(0);
    return makeComplex(dst, b.CreateFPCast(re, part), b.CreateFPCast(im, part));
  }
  // A real number to complex: the real part, and a zero imaginary part.
  llvm::Type *dst = typeOf(to);
  llvm::Type *part = cast<llvm::StructType>(dst)->getElementType(0);
  llvm::Value *re;
  if (isa<ir::FloatType>(from))
    re = b.CreateFPCast(v, part);
  else if (isa<ir::BoolType>(from))
    re = b.CreateUIToFP(v, part);
  else
    re = isSigned(from) ? b.CreateSIToFP(v, part) : b.CreateUIToFP(v, part);
  return makeComplex(dst, re, llvm::ConstantFP::get(part, 0.0));
}

llvm::Value *Emitter::complexArith(const ir::Instruction &inst) {
  llvm::Value *x = val(inst.operand(0)), *y = val(inst.operand(1));
  llvm::Type *ty = x->getType();
  llvm::Type *part = cast<llvm::StructType>(ty)->getElementType(0);
  llvm::Value *a = b.CreateExtractValue(x, 0), *bi = b.CreateExtractValue(x, 1);
  llvm::Value *c = b.CreateExtractValue(y, 0), *d = b.CreateExtractValue(y, 1);
  auto fp = [&](double v) { return llvm::ConstantFP::get(part, v); };
  auto lib = [&](const char *f32, const char *f64, std::vector<llvm::Value *> args) {
    bool isF32 = part->isFloatTy();
    std::vector<llvm::Type *> types(args.size(), part);
    auto callee = module.getOrInsertFunction(isF32 ? f32 : f64,
                                             llvm::FunctionType::get(part, types, false));
    return b.CreateCall(callee, args);
  };
  using Parts = std::pair<llvm::Value *, llvm::Value *>;
  // _Py_c_prod.
  auto prod = [&](llvm::Value *a, llvm::Value *bi, llvm::Value *c, llvm::Value *d) -> Parts {
    return {b.CreateFSub(b.CreateFMul(a, c), b.CreateFMul(bi, d)),
            b.CreateFAdd(b.CreateFMul(a, d), b.CreateFMul(bi, c))};
  };
  // _Py_c_quot: divide by the larger of |c| and |d| first.
  auto quot = [&](llvm::Value *a, llvm::Value *bi, llvm::Value *c, llvm::Value *d) -> Parts {
    llvm::Value *absC = b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, c);
    llvm::Value *absD = b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, d);
    llvm::Value *useC = b.CreateFCmpOGE(absC, absD);
    llvm::Value *r1 = b.CreateFDiv(d, c);
    llvm::Value *den1 = b.CreateFAdd(c, b.CreateFMul(d, r1));
    llvm::Value *re1 = b.CreateFDiv(b.CreateFAdd(a, b.CreateFMul(bi, r1)), den1);
    llvm::Value *im1 = b.CreateFDiv(b.CreateFSub(bi, b.CreateFMul(a, r1)), den1);
    llvm::Value *r2 = b.CreateFDiv(c, d);
    llvm::Value *den2 = b.CreateFAdd(b.CreateFMul(c, r2), d);
    llvm::Value *re2 = b.CreateFDiv(b.CreateFAdd(b.CreateFMul(a, r2), bi), den2);
    llvm::Value *im2 = b.CreateFDiv(b.CreateFSub(b.CreateFMul(bi, r2), a), den2);
    return {b.CreateSelect(useC, re1, re2), b.CreateSelect(useC, im1, im2)};
  };
  switch (inst.opcode()) {
  case Opcode::Add:
    return makeComplex(ty, b.CreateFAdd(a, c), b.CreateFAdd(bi, d));
  case Opcode::Sub:
    return makeComplex(ty, b.CreateFSub(a, c), b.CreateFSub(bi, d));
  case Opcode::Mul: {
    auto [re, im] = prod(a, bi, c, d);
    return makeComplex(ty, re, im);
  }
  case Opcode::TrueDiv: {
    auto [re, im] = quot(a, bi, c, d);
    return makeComplex(ty, re, im);
  }
  case Opcode::Pow: {
    // _Py_c_pow: x ** 0 is 1; 0 ** y is 0 for y of a positive real part and
    // no imaginary part, else nan+nanj (Python raises ZeroDivisionError
    // there, and debug mode does; numba's numba_cpow gives NaNs for the
    // EDOM of _Py_c_pow, as NumPy's npy_cpow does); else
    // |x| ** y.real / exp(arg(x) * y.imag) at angle arg(x) * y.real + y.imag * log|x|.
    llvm::Value *vabs = lib("__nv_hypotf", "__nv_hypot", {a, bi});
    llvm::Value *len = lib("__nv_powf", "__nv_pow", {vabs, c});
    llvm::Value *at = lib("__nv_atan2f", "__nv_atan2", {bi, a});
    llvm::Value *phase = b.CreateFMul(at, c);
    llvm::Value *hasImag = b.CreateFCmpUNE(d, fp(0.0));
    llvm::Value *len2 = b.CreateFDiv(len, lib("__nv_expf", "__nv_exp", {b.CreateFMul(at, d)}));
    llvm::Value *phase2 = b.CreateFAdd(phase, b.CreateFMul(d, lib("__nv_logf", "__nv_log", {vabs})));
    len = b.CreateSelect(hasImag, len2, len);
    phase = b.CreateSelect(hasImag, phase2, phase);
    llvm::Value *re = b.CreateFMul(len, lib("__nv_cosf", "__nv_cos", {phase}));
    llvm::Value *im = b.CreateFMul(len, lib("__nv_sinf", "__nv_sin", {phase}));
    llvm::Value *yZero = b.CreateAnd(b.CreateFCmpOEQ(c, fp(0.0)), b.CreateFCmpOEQ(d, fp(0.0)));
    llvm::Value *xZero = b.CreateAnd(b.CreateFCmpOEQ(a, fp(0.0)), b.CreateFCmpOEQ(bi, fp(0.0)));
    // complex_pow: an exponent of a small integer value (imaginary part 0,
    // |n| <= 100) takes c_powi instead, repeated squaring (_Py_c_prod), and
    // the reciprocal (_Py_c_quot) for n < 0: (3+4j)**2 is exactly -7+24j.
    // Seven squarings cover |n| <= 100 < 2**7.
    llvm::Value *n = b.CreateFPToSI(b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, c),
                                    b.getInt32Ty());
    llvm::Value *smallInt = b.CreateAnd(
        b.CreateAnd(b.CreateFCmpOEQ(d, fp(0.0)),
                    b.CreateFCmpOEQ(c, b.CreateUnaryIntrinsic(llvm::Intrinsic::floor, c))),
        b.CreateFCmpOLE(b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, c), fp(100.0)));
    n = b.CreateSelect(smallInt, n, b.getInt32(0)); // (|c| may not fit an int otherwise)
    Parts r{fp(1.0), fp(0.0)}, p{a, bi};
    for (unsigned bit = 0; bit < 7; ++bit) {
      llvm::Value *take = b.CreateICmpNE(b.CreateAnd(n, b.getInt32(1u << bit)), b.getInt32(0));
      Parts rp = prod(r.first, r.second, p.first, p.second);
      r = {b.CreateSelect(take, rp.first, r.first), b.CreateSelect(take, rp.second, r.second)};
      if (bit < 6)
        p = prod(p.first, p.second, p.first, p.second);
    }
    Parts inv = quot(fp(1.0), fp(0.0), r.first, r.second);
    llvm::Value *negative = b.CreateFCmpOLT(c, fp(0.0));
    llvm::Value *powiRe = b.CreateSelect(negative, inv.first, r.first);
    llvm::Value *powiIm = b.CreateSelect(negative, inv.second, r.second);
    re = b.CreateSelect(smallInt, powiRe, re);
    im = b.CreateSelect(smallInt, powiIm, im);
    llvm::Value *nan = fp(std::numeric_limits<double>::quiet_NaN());
    llvm::Value *domain = b.CreateOr(b.CreateFCmpUNE(d, fp(0.0)), b.CreateFCmpOLT(c, fp(0.0)));
    llvm::Value *zeroPower = b.CreateSelect(domain, nan, fp(0.0));
    re = b.CreateSelect(yZero, fp(1.0), b.CreateSelect(xZero, zeroPower, re));
    im = b.CreateSelect(yZero, fp(0.0), b.CreateSelect(xZero, zeroPower, im));
    return makeComplex(ty, re, im);
  }
  default:
    return nullptr;
  }
}

} // namespace pyjit::codegen::detail
