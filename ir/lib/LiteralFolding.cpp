//===- LiteralFolding.cpp - Operators on number literals, folded exactly --===//
#include "LiteralFolding.h"
#include <cmath>

using namespace pyjit;
using namespace pyjit::ast;
using llvm::APInt;
using llvm::dyn_cast;
using llvm::isa;

namespace {

bool isOperand(const Expr &e) {
  return isa<IntLitExpr>(e) || isa<FloatLitExpr>(e) || pyjit::ir::isLiteralTree(e);
}

// CPython folds only results of at most 128 bits (MAX_INT_SIZE in
// Python/ast_opt.c) and leaves larger ones to run time, where numba's int64
// arithmetic would wrap them; pyjit folds up to 255 bits exactly instead
// (kFoldBits, with room for the sign), and leaves larger ones to the typing
// (an overflow error).
bool withinLimit(const APInt &v) { return v.getSignificantBits() < pyjit::ir::kFoldBits; }

APInt floorDiv(const APInt &a, const APInt &b, APInt &mod) {
  APInt q(a.getBitWidth(), 0), r(a.getBitWidth(), 0);
  APInt::sdivrem(a, b, q, r);
  if (!r.isZero() && (r.isNegative() != b.isNegative())) {
    q -= 1;
    r += b;
  }
  mod = r;
  return q;
}

// Python's float arithmetic on two folded operands (an int converted, as
// Python converts it); none where Python raises (a division by zero, 0.0 to
// a negative power, a negative base to a fractional power: a complex) or the
// operator takes no floats (// and % are left to run time too). `ints`: both
// operands are ints (int / int, or int ** negative int: a float in Python).
std::optional<pyjit::ir::LiteralValue> foldFloats(BinaryOp op, double a, double b, bool ints) {
  using pyjit::ir::LiteralValue;
  switch (op) {
  case BinaryOp::Add: return LiteralValue::ofFloat(a + b);
  case BinaryOp::Sub: return LiteralValue::ofFloat(a - b);
  case BinaryOp::Mul: return LiteralValue::ofFloat(a * b);
  case BinaryOp::TrueDiv:
    if (b == 0)
      return std::nullopt;
    return LiteralValue::ofFloat(a / b);
  case BinaryOp::Pow:
    if ((a == 0 && b < 0) || (a < 0 && std::floor(b) != b))
      return std::nullopt;
    if (ints && a == 0)
      return std::nullopt;
    return LiteralValue::ofFloat(std::pow(a, b));
  default:
    return std::nullopt;
  }
}

} // namespace

double pyjit::ir::LiteralValue::asDouble() const {
  if (!i)
    return f;
  if (i->isSignedIntN(64))
    return static_cast<double>(i->getSExtValue());
  // Wider: its top 64 bits rounded to a double, scaled back (the bits below
  // them can move the result by at most an ulp's fraction).
  bool negative = i->isNegative();
  APInt magnitude = negative ? -*i : *i;
  unsigned shift = magnitude.getActiveBits() > 64 ? magnitude.getActiveBits() - 64 : 0;
  double d = std::ldexp(static_cast<double>(magnitude.lshr(shift).getZExtValue()),
                        static_cast<int>(shift));
  return negative ? -d : d;
}

bool pyjit::ir::isLiteralTree(const Expr &e) {
  if (auto *u = dyn_cast<UnaryExpr>(&e))
    return u->op != UnaryOp::Not && isOperand(*u->operand);
  if (auto *b = dyn_cast<BinaryExpr>(&e))
    return isOperand(*b->lhs) && isOperand(*b->rhs);
  return false;
}

std::optional<pyjit::ir::LiteralValue> pyjit::ir::foldLiteralTree(const Expr &e) {
  if (auto *lit = dyn_cast<FloatLitExpr>(&e))
    return LiteralValue::ofFloat(lit->value);
  if (auto *lit = dyn_cast<IntLitExpr>(&e))
    return LiteralValue::ofInt(lit->isUnsigned
                                   ? APInt(kFoldBits, static_cast<uint64_t>(lit->value))
                                   : APInt(kFoldBits, lit->value, /*isSigned=*/true));
  if (auto *u = dyn_cast<UnaryExpr>(&e)) {
    std::optional<LiteralValue> v = foldLiteralTree(*u->operand);
    if (!v || u->op == UnaryOp::Not)
      return std::nullopt;
    if (v->problem != LiteralValue::Problem::None)
      return v;
    if (v->isFloat()) { // ~ of a float is Python's TypeError: left to run time
      if (u->op == UnaryOp::Invert)
        return std::nullopt;
      return LiteralValue::ofFloat(u->op == UnaryOp::Neg ? -v->f : v->f);
    }
    APInt x = *v->i;
    return LiteralValue::ofInt(u->op == UnaryOp::Neg ? -x : u->op == UnaryOp::Pos ? x : ~x);
  }
  auto *b = dyn_cast<BinaryExpr>(&e);
  if (!b)
    return std::nullopt;
  std::optional<LiteralValue> lv = foldLiteralTree(*b->lhs), rv = foldLiteralTree(*b->rhs);
  if (!lv || !rv)
    return std::nullopt;
  if (lv->problem != LiteralValue::Problem::None)
    return lv;
  if (rv->problem != LiteralValue::Problem::None)
    return rv;
  const LiteralValue tooWide = LiteralValue::failed(LiteralValue::Problem::TooWide);
  if (lv->isFloat() || rv->isFloat() || b->op == BinaryOp::TrueDiv ||
      (b->op == BinaryOp::Pow && rv->i->isNegative()))
    return foldFloats(b->op, lv->asDouble(), rv->asDouble(),
                      /*ints=*/!lv->isFloat() && !rv->isFloat());
  const APInt *l = &*lv->i, *r = &*rv->i;
  APInt v(kFoldBits, 0), mod(kFoldBits, 0);
  switch (b->op) {
  case BinaryOp::Add: v = *l + *r; break;
  case BinaryOp::Sub: v = *l - *r; break;
  case BinaryOp::Mul: {
    bool overflow = false;
    v = l->smul_ov(*r, overflow);
    if (overflow)
      return tooWide;
    break;
  }
  case BinaryOp::BitAnd: v = *l & *r; break;
  case BinaryOp::BitOr: v = *l | *r; break;
  case BinaryOp::BitXor: v = *l ^ *r; break;
  case BinaryOp::FloorDiv:
  case BinaryOp::Mod:
    if (r->isZero())
      return std::nullopt; // ZeroDivisionError when it runs
    v = floorDiv(*l, *r, mod);
    if (b->op == BinaryOp::Mod)
      v = mod;
    break;
  case BinaryOp::Pow: {
    if (r->isNegative())
      return std::nullopt; // a float
    if (r->ugt(pyjit::ir::kFoldBits)) { // only 0, 1 and -1 stay within the limit
      if (l->isZero() || l->isOne())
        v = *l;
      else if (l->isAllOnes())
        v = (*r)[0] ? *l : APInt(kFoldBits, 1);
      else
        return tooWide;
      break;
    }
    APInt acc(kFoldBits, 1);
    for (uint64_t k = r->getZExtValue(); k > 0; --k) {
      bool overflow = false;
      acc = acc.smul_ov(*l, overflow);
      if (overflow || !withinLimit(acc))
        return tooWide;
    }
    v = acc;
    break;
  }
  case BinaryOp::Shl:
    if (r->isNegative())
      return LiteralValue::failed(LiteralValue::Problem::NegativeShift);
    if (r->uge(pyjit::ir::kFoldBits) && !l->isZero())
      return tooWide;
    v = l->isZero() ? *l : l->shl(static_cast<unsigned>(r->getZExtValue()));
    if (!l->isZero() && v.ashr(static_cast<unsigned>(r->getZExtValue())) != *l)
      return tooWide; // shifted out of 256 bits: far past the limit
    break;
  case BinaryOp::Shr:
    if (r->isNegative())
      return LiteralValue::failed(LiteralValue::Problem::NegativeShift);
    v = l->ashr(r->ugt(kFoldBits) ? kFoldBits : static_cast<unsigned>(r->getZExtValue()));
    break;
  default:
    return std::nullopt; // `/` gives a float, `@` no number
  }
  if (!withinLimit(v))
    return tooWide;
  return LiteralValue::ofInt(v);
}
