//===- CMathFunctions.cpp - The cmath.* function table -------------------===//
#include "pyjit/ir/CMathFunctions.h"
#include "pyjit/ir/TypeContext.h"

using namespace pyjit::ir;
using R = CMathFnInfo::Result;

static const CMathFnInfo table[] = {
    {"exp", 1, 1, R::Complex},   {"log", 1, 2, R::Complex},   {"log10", 1, 1, R::Complex},
    {"sqrt", 1, 1, R::Complex},  {"sin", 1, 1, R::Complex},   {"cos", 1, 1, R::Complex},
    {"tan", 1, 1, R::Complex},   {"asin", 1, 1, R::Complex},  {"acos", 1, 1, R::Complex},
    {"atan", 1, 1, R::Complex},  {"sinh", 1, 1, R::Complex},  {"cosh", 1, 1, R::Complex},
    {"tanh", 1, 1, R::Complex},  {"asinh", 1, 1, R::Complex}, {"acosh", 1, 1, R::Complex},
    {"atanh", 1, 1, R::Complex}, {"phase", 1, 1, R::Float},   {"polar", 1, 1, R::Polar},
    {"rect", 2, 2, R::Complex},  {"isnan", 1, 1, R::Bool},    {"isinf", 1, 1, R::Bool},
    {"isfinite", 1, 1, R::Bool},  {"log2", 1, 1, R::Complex},
};

const CMathFnInfo &pyjit::ir::cmathFnInfo(CMathFn fn) { return table[static_cast<int>(fn)]; }

std::optional<CMathFn> pyjit::ir::lookupCMathFn(llvm::StringRef name) {
  for (unsigned i = 0; i < sizeof(table) / sizeof(table[0]); ++i)
    if (name == table[i].name)
      return static_cast<CMathFn>(i);
  return std::nullopt;
}

ComplexType *pyjit::ir::cmathOperandType(TypeContext &ctx, llvm::ArrayRef<TypedOperand> args) {
  if (args.empty())
    return nullptr;
  for (const TypedOperand &a : args)
    if (!a.type || !a.type->isScalar())
      return nullptr;
  TypedOperand acc = args[0];
  for (size_t i = 1; i < args.size(); ++i)
    acc = {promoteOperands(ctx, acc, args[i]), acc.weak && args[i].weak};
  bool narrow = false;
  if (auto *c = llvm::dyn_cast<ComplexType>(acc.type))
    narrow = c->partBits() == 32;
  else if (auto *f = llvm::dyn_cast<FloatType>(acc.type))
    narrow = f->bits() <= 32;
  return ctx.complexTy(narrow && !acc.weak ? 64 : 128);
}

Type *pyjit::ir::cmathResultType(TypeContext &ctx, CMathFn fn, ComplexType *operandType) {
  Type *part = ctx.floatTy(operandType->partBits());
  switch (cmathFnInfo(fn).result) {
  case R::Complex:
    return operandType;
  case R::Float:
    return part;
  case R::Polar:
    return ctx.tuple({part, part});
  case R::Bool:
    return ctx.boolean();
  }
  return nullptr;
}
