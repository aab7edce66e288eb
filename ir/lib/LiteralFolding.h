//===- LiteralFolding.h - Integer expressions of literals, folded exactly --===//
//
// CPython's compiler folds an operator whose operands are literals (its AST
// optimizer, Python/ast_opt.c) before numba sees the bytecode: `2**63 - 1`
// and `2**64 // 4` reach numba as one constant, though 2**63 alone fits no
// int64. pyjit reads the source, so it folds the same trees itself, with
// Python's unbounded integers (up to CPython's own limit of 128-bit results,
// past which CPython leaves the operation to run time).
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_LITERALFOLDING_H
#define PYJIT_IR_LITERALFOLDING_H

#include "pyjit/frontend/AST.h"
#include "llvm/ADT/APInt.h"
#include <optional>

namespace pyjit::ir {

/// Whether `e` is a unary or binary operator whose operands are integer
/// literals or such operators in turn (parentheses are not nodes): a tree
/// CPython folds.
bool isIntLiteralTree(const ast::Expr &e);

/// The exact value of an integer literal tree (isIntLiteralTree), as a
/// signed APInt of kFoldBits bits; none where CPython does not fold it (a
/// division or modulo by zero, a negative power or shift count, a result
/// wider than 128 bits) or for an operator that gives no int (`/`).
inline constexpr unsigned kFoldBits = 256;
std::optional<llvm::APInt> foldIntLiteralTree(const ast::Expr &e);

} // namespace pyjit::ir

#endif
