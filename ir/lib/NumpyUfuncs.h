//===- NumpyUfuncs.h - NumPy ufuncs that are Python operators --*- C++ -*-===//
//
// np.add(a, b) is a + b, np.less(a, b) is a < b, ...: numba.cuda's list of
// NumPy ufuncs ("Supported NumPy features"), on scalars. Shared by type
// inference and IRGen.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_LIB_NUMPYUFUNCS_H
#define PYJIT_IR_LIB_NUMPYUFUNCS_H

#include "pyjit/frontend/AST.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace pyjit::ir::detail {

struct NumpyOperatorUfunc {
  /// Negative: Python's unary minus (operator.neg; np.negative is a NumPy
  /// scalar function of its own).
  enum class Kind { Binary, Compare, Logical, LogicalNot, Invert, Positive, Negative, Conjugate };
  Kind kind;
  ast::BinaryOp binary = ast::BinaryOp::Add; // Binary; Logical: BitAnd, BitOr, BitXor
  ast::CompareOp compare = ast::CompareOp::Eq; // Compare
  unsigned arity() const { return kind == Kind::Binary || kind == Kind::Compare ||
                                  kind == Kind::Logical ? 2 : 1; }
};

/// The operator NumPy ufunc \p name stands for (np.<name>), or none.
inline std::optional<NumpyOperatorUfunc> numpyOperatorUfunc(llvm::StringRef name) {
  using K = NumpyOperatorUfunc::Kind;
  using B = ast::BinaryOp;
  using C = ast::CompareOp;
  struct Entry { const char *name; NumpyOperatorUfunc u; };
  static const Entry table[] = {
      {"add", {K::Binary, B::Add}}, {"subtract", {K::Binary, B::Sub}},
      {"multiply", {K::Binary, B::Mul}}, {"divide", {K::Binary, B::TrueDiv}},
      {"true_divide", {K::Binary, B::TrueDiv}}, {"floor_divide", {K::Binary, B::FloorDiv}},
      {"remainder", {K::Binary, B::Mod}}, {"mod", {K::Binary, B::Mod}},
      {"power", {K::Binary, B::Pow}}, {"bitwise_and", {K::Binary, B::BitAnd}},
      {"bitwise_or", {K::Binary, B::BitOr}}, {"bitwise_xor", {K::Binary, B::BitXor}},
      {"left_shift", {K::Binary, B::Shl}}, {"right_shift", {K::Binary, B::Shr}},
      {"equal", {K::Compare, B::Add, C::Eq}}, {"not_equal", {K::Compare, B::Add, C::NotEq}},
      {"less", {K::Compare, B::Add, C::Lt}}, {"less_equal", {K::Compare, B::Add, C::LtE}},
      {"greater", {K::Compare, B::Add, C::Gt}},
      {"greater_equal", {K::Compare, B::Add, C::GtE}},
      {"logical_and", {K::Logical, B::BitAnd}}, {"logical_or", {K::Logical, B::BitOr}},
      {"logical_xor", {K::Logical, B::BitXor}}, {"logical_not", {K::LogicalNot}},
      {"invert", {K::Invert}}, {"bitwise_not", {K::Invert}}, {"positive", {K::Positive}},
      // NumPy 2's names of the same ufuncs (np.bitwise_invert is np.invert)
      {"bitwise_invert", {K::Invert}}, {"bitwise_left_shift", {K::Binary, B::Shl}},
      {"bitwise_right_shift", {K::Binary, B::Shr}},
      {"conjugate", {K::Conjugate}}, {"conj", {K::Conjugate}},
      {"<neg>", {K::Negative}}, // (operator.neg only: not a NumPy name)
  };
  for (const Entry &e : table)
    if (name == e.name)
      return e.u;
  return std::nullopt;
}

/// The NumPy operator ufunc that Python's operator.<name> is (operator.add:
/// add, operator.lt: less, ...), or "".
inline llvm::StringRef operatorModuleUfunc(llvm::StringRef name) {
  static const std::pair<const char *, const char *> table[] = {
      {"add", "add"},           {"sub", "subtract"},     {"mul", "multiply"},
      {"truediv", "true_divide"}, {"floordiv", "floor_divide"}, {"mod", "remainder"},
      {"pow", "power"},         {"and_", "bitwise_and"}, {"or_", "bitwise_or"},
      {"xor", "bitwise_xor"},   {"lshift", "left_shift"}, {"rshift", "right_shift"},
      {"eq", "equal"},          {"ne", "not_equal"},     {"lt", "less"},
      {"le", "less_equal"},     {"gt", "greater"},       {"ge", "greater_equal"},
      {"not_", "logical_not"},  {"invert", "invert"},    {"inv", "invert"},
      {"pos", "positive"},      {"neg", "<neg>"},
      // The in-place forms: numbers are immutable, so operator.iadd(a, b)
      // is a + b (Python's operator docs: "x = iadd(x, y) is equivalent
      // to x += y").
      {"iadd", "add"},          {"isub", "subtract"},    {"imul", "multiply"},
      {"itruediv", "true_divide"}, {"ifloordiv", "floor_divide"}, {"imod", "remainder"},
      {"ipow", "power"},        {"iand", "bitwise_and"}, {"ior", "bitwise_or"},
      {"ixor", "bitwise_xor"},  {"ilshift", "left_shift"}, {"irshift", "right_shift"},
  };
  for (auto [from, to] : table)
    if (name == from)
      return to;
  return {};
}

/// Whether operator.<name> is one that stands for Python syntax, which
/// Inferer::operatorFormCall rewrites it as: getitem (a[i]), setitem
/// (a[i] = v), is_, is_not and contains (b in a).
inline bool isOperatorForm(llvm::StringRef name) {
  return name == "getitem" || name == "setitem" || name == "is_" || name == "is_not" ||
         name == "contains";
}

} // namespace pyjit::ir::detail

#endif
