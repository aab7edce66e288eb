//===- LiteralFolding.h - Operators on number literals, folded exactly ----===//
//
// CPython's compiler folds an operator whose operands are literals (its AST
// optimizer, Python/ast_opt.c) before numba sees the bytecode: `2**63 - 1`
// and `2**64 // 4` reach numba as one constant, though 2**63 alone fits no
// int64. pyjit reads the source, so it folds the same trees itself, with
// Python's unbounded integers (up to 255-bit results; CPython stops at 128,
// leaving larger ones to run time, where numba would wrap them) and its floats.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_LITERALFOLDING_H
#define PYJIT_IR_LITERALFOLDING_H

#include "pyjit/frontend/AST.h"
#include "llvm/ADT/APInt.h"
#include <optional>

namespace pyjit::ir {

/// A folded literal tree: a Python int (exact, as a signed APInt of
/// kFoldBits bits) or a float.
inline constexpr unsigned kFoldBits = 256;
struct LiteralValue {
  /// Why the tree has no kernel value (a compile error at the tree), if so.
  enum class Problem {
    None,
    TooWide,       // an int past 255 bits: no kernel integer holds it
    NegativeShift, // `x << -1`: Python's ValueError
  };
  std::optional<llvm::APInt> i; // set for an int
  double f = 0;                 // the float otherwise
  Problem problem = Problem::None;
  static LiteralValue ofInt(llvm::APInt v) { return {std::move(v), 0}; }
  static LiteralValue ofFloat(double v) { return {std::nullopt, v}; }
  static LiteralValue failed(Problem p) { return {std::nullopt, 0, p}; }
  bool isFloat() const { return !i; }
  double asDouble() const;
};

/// Whether `e` is a unary or binary operator whose operands are number
/// literals (ints, floats) or such operators in turn (parentheses are not
/// nodes): a tree CPython folds.
bool isLiteralTree(const ast::Expr &e);

/// The value of a literal tree (isLiteralTree), with Python's unbounded ints
/// and its float arithmetic (an int ** a negative int and int / int are
/// floats); none where CPython does not fold it (a division or modulo by
/// zero, an operator a float does not take) — the operation is then typed
/// as usual. An int result wider than 255 bits, and a negative shift count,
/// are a value whose `problem` says so (and any tree above it): at run time
/// the first would wrap silently, the second is a ValueError in Python.
std::optional<LiteralValue> foldLiteralTree(const ast::Expr &e);

} // namespace pyjit::ir

#endif
