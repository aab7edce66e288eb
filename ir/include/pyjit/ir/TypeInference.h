//===- TypeInference.h - Types of every expression and variable ----------===//
#ifndef PYJIT_IR_TYPEINFERENCE_H
#define PYJIT_IR_TYPEINFERENCE_H

#include "pyjit/frontend/AST.h"
#include "pyjit/frontend/Diagnostics.h"
#include "pyjit/ir/GlobalEnv.h"
#include "pyjit/ir/TypeRules.h"
#include <map>
#include <optional>

namespace pyjit::ir {

/// What inference learned about one expression.
struct ExprInfo {
  Type *type = nullptr;
  bool weak = false; // a Python scalar literal or global (NEP 50)
  /// A compile-time constant (literal, global number, math.pi, ...).
  std::optional<GlobalValue> constant;
};

/// The typing of one function: a type for every expression and one for each
/// local variable (the unification of everything assigned to it, as numba
/// unifies at control-flow joins).
struct TypedFunction {
  const ast::FunctionDef *def = nullptr;
  std::vector<Type *> paramTypes;
  std::map<const ast::Expr *, ExprInfo> exprs;
  std::map<std::string, Type *> locals;

  const ExprInfo &info(const ast::Expr *e) const { return exprs.at(e); }
};

/// Infers types for `def` given its argument types. Globals resolve through
/// `globals`, then Python builtins. Errors (unknown names, unsupported
/// operands, calls or attributes) are reported to `diags` at the offending
/// expression; returns nullopt if any was reported.
std::optional<TypedFunction> inferTypes(const ast::FunctionDef &def,
                                        llvm::ArrayRef<Type *> argTypes,
                                        const GlobalEnv &globals, TypeContext &ctx,
                                        DiagnosticEngine &diags);

} // namespace pyjit::ir

#endif
