//===- CallArgs.h - Arguments builtins take by keyword -------*- C++ -*-===//
//
// Shared by type inference and IRGen, so both find an argument alike.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_LIB_CALLARGS_H
#define PYJIT_IR_LIB_CALLARGS_H

#include "pyjit/frontend/AST.h"

namespace pyjit::ir::detail {

/// round(x, ndigits)'s ndigits, given second or as the keyword `ndigits`;
/// null when absent. (Inference refuses other keywords and extra arguments.)
inline const ast::Expr *roundDigits(const ast::CallExpr &e) {
  if (e.args.size() >= 2)
    return e.args[1].get();
  for (const ast::Keyword &k : e.keywords)
    if (k.name == "ndigits")
      return k.value.get();
  return nullptr;
}

} // namespace pyjit::ir::detail

#endif
