//===- CallArgs.h - Arguments builtins take by keyword -------*- C++ -*-===//
//
// Shared by type inference and IRGen, so both find an argument alike.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_LIB_CALLARGS_H
#define PYJIT_IR_LIB_CALLARGS_H

#include "pyjit/frontend/AST.h"
#include "llvm/ADT/ArrayRef.h"
#include <vector>

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

/// Point(1.0, y=2.0): the argument of each field of named tuple call \p e,
/// by position (\p self, a method's object, first) then by keyword; null
/// where none is given.
inline std::vector<const ast::Expr *> namedTupleArguments(const ast::CallExpr &e,
                                                          llvm::ArrayRef<llvm::StringRef> fields,
                                                          const ast::Expr *self = nullptr) {
  std::vector<const ast::Expr *> out(fields.size(), nullptr);
  size_t first = self ? 1 : 0;
  if (self && !fields.empty())
    out[0] = self;
  for (size_t i = 0; i < e.args.size() && first + i < fields.size(); ++i)
    out[first + i] = e.args[i].get();
  for (const ast::Keyword &k : e.keywords)
    for (size_t i = 0; i < fields.size(); ++i)
      if (fields[i] == k.name)
        out[i] = k.value.get();
  return out;
}

/// The parameters of NumPy functions kernels call by keyword too, by name
/// without "numpy." (isclose, round, angle, nan_to_num); empty for others.
inline llvm::ArrayRef<llvm::StringRef> numpyParameters(llvm::StringRef name) {
  static const llvm::StringRef isclose[] = {"a", "b", "rtol", "atol", "equal_nan"};
  static const llvm::StringRef round[] = {"a", "decimals"};
  static const llvm::StringRef angle[] = {"z", "deg"};
  static const llvm::StringRef nanToNum[] = {"x", "copy", "nan", "posinf", "neginf"};
  if (name == "isclose")
    return isclose;
  if (name == "round")
    return round;
  if (name == "angle")
    return angle;
  if (name == "nan_to_num")
    return nanToNum;
  return {};
}

} // namespace pyjit::ir::detail

#endif
