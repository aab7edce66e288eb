//===- LiteralFolding.cpp - Integer expressions of literals, folded exactly ===//
#include "LiteralFolding.h"

using namespace pyjit;
using namespace pyjit::ast;
using llvm::APInt;
using llvm::dyn_cast;
using llvm::isa;

namespace {

bool isOperand(const Expr &e) {
  return isa<IntLitExpr>(e) || pyjit::ir::isIntLiteralTree(e);
}

// CPython folds only results of at most 128 bits (MAX_INT_SIZE in
// Python/ast_opt.c); past that the operation runs when the code does.
bool withinLimit(const APInt &v) { return v.getSignificantBits() <= 129; }

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

} // namespace

bool pyjit::ir::isIntLiteralTree(const Expr &e) {
  if (auto *u = dyn_cast<UnaryExpr>(&e))
    return u->op != UnaryOp::Not && isOperand(*u->operand);
  if (auto *b = dyn_cast<BinaryExpr>(&e))
    return isOperand(*b->lhs) && isOperand(*b->rhs);
  return false;
}

std::optional<APInt> pyjit::ir::foldIntLiteralTree(const Expr &e) {
  if (auto *lit = dyn_cast<IntLitExpr>(&e))
    return lit->isUnsigned ? APInt(kFoldBits, static_cast<uint64_t>(lit->value))
                           : APInt(kFoldBits, lit->value, /*isSigned=*/true);
  if (auto *u = dyn_cast<UnaryExpr>(&e)) {
    std::optional<APInt> v = foldIntLiteralTree(*u->operand);
    if (!v)
      return std::nullopt;
    switch (u->op) {
    case UnaryOp::Neg: return -*v;
    case UnaryOp::Pos: return *v;
    case UnaryOp::Invert: return ~*v;
    case UnaryOp::Not: return std::nullopt;
    }
    return std::nullopt;
  }
  auto *b = dyn_cast<BinaryExpr>(&e);
  if (!b)
    return std::nullopt;
  std::optional<APInt> l = foldIntLiteralTree(*b->lhs), r = foldIntLiteralTree(*b->rhs);
  if (!l || !r)
    return std::nullopt;
  APInt v(kFoldBits, 0), mod(kFoldBits, 0);
  switch (b->op) {
  case BinaryOp::Add: v = *l + *r; break;
  case BinaryOp::Sub: v = *l - *r; break;
  case BinaryOp::Mul: {
    bool overflow = false;
    v = l->smul_ov(*r, overflow);
    if (overflow)
      return std::nullopt;
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
    if (r->ugt(128)) { // only 0, 1 and -1 stay within the limit
      if (l->isZero() || l->isOne())
        v = *l;
      else if (l->isAllOnes())
        v = (*r)[0] ? *l : APInt(kFoldBits, 1);
      else
        return std::nullopt;
      break;
    }
    APInt acc(kFoldBits, 1);
    for (uint64_t k = r->getZExtValue(); k > 0; --k) {
      bool overflow = false;
      acc = acc.smul_ov(*l, overflow);
      if (overflow || !withinLimit(acc))
        return std::nullopt;
    }
    v = acc;
    break;
  }
  case BinaryOp::Shl:
    if (r->isNegative())
      return std::nullopt; // ValueError: negative shift count
    if (r->ugt(128) && !l->isZero())
      return std::nullopt;
    v = l->isZero() ? *l : l->shl(static_cast<unsigned>(r->getZExtValue()));
    if (!l->isZero() && v.ashr(static_cast<unsigned>(r->getZExtValue())) != *l)
      return std::nullopt; // shifted out of 256 bits: far past the limit
    break;
  case BinaryOp::Shr:
    if (r->isNegative())
      return std::nullopt;
    v = l->ashr(r->ugt(kFoldBits) ? kFoldBits : static_cast<unsigned>(r->getZExtValue()));
    break;
  default:
    return std::nullopt; // `/` gives a float, `@` no number
  }
  if (!withinLimit(v))
    return std::nullopt;
  return v;
}
