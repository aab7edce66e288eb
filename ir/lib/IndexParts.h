//===- IndexParts.h - The parts of an array index a[i, ..., j] -*- C++ -*-===//
//
// Shared by type inference and IRGen, so both read an index alike.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_LIB_INDEXPARTS_H
#define PYJIT_IR_LIB_INDEXPARTS_H

#include "pyjit/frontend/AST.h"
#include "llvm/ADT/STLExtras.h"
#include <vector>

namespace pyjit::ir::detail {

/// Whether tuple display \p e splices a tuple in (`(*t, 1)`): its elements
/// are then not one per written element.
inline bool splices(const ast::Expr &e) {
  auto *t = llvm::dyn_cast<ast::TupleExpr>(&e);
  return t && llvm::any_of(t->elts, [](const ast::ExprPtr &x) {
           return llvm::isa<ast::StarredExpr>(*x);
         });
}

/// How many Ellipses (`...`) array index \p index writes.
inline size_t ellipsisCount(const ast::Expr &index) {
  if (auto *t = llvm::dyn_cast<ast::TupleExpr>(&index))
    return llvm::count_if(t->elts, [](const ast::ExprPtr &x) {
      return llvm::isa<ast::EllipsisExpr>(*x);
    });
  return llvm::isa<ast::EllipsisExpr>(index) ? 1 : 0;
}

/// The parts of array index \p index (`a[index]`) for an array of \p ndim
/// dimensions: the elements of a written tuple, else the index itself. One
/// Ellipsis becomes as many null parts — whole dimensions, as `:` — as the
/// other parts leave of \p ndim (NumPy's rule); none when they leave none.
/// The caller has refused more than one Ellipsis (ellipsisCount). Parts
/// for which \p newAxis holds (None, np.newaxis) index no dimension.
template <typename NewAxis = bool (*)(const ast::Expr *)>
inline std::vector<const ast::Expr *> indexParts(
    const ast::Expr &index, unsigned ndim,
    NewAxis newAxis = [](const ast::Expr *) { return false; }) {
  std::vector<const ast::Expr *> written;
  if (auto *t = llvm::dyn_cast<ast::TupleExpr>(&index))
    for (const ast::ExprPtr &x : t->elts)
      written.push_back(x.get());
  else
    written.push_back(&index);
  auto ellipsis = llvm::find_if(written, [](const ast::Expr *x) {
    return llvm::isa<ast::EllipsisExpr>(x);
  });
  if (ellipsis == written.end())
    return written;
  size_t others = written.size() - 1 - llvm::count_if(written, newAxis);
  std::vector<const ast::Expr *> parts(written.begin(), ellipsis);
  parts.insert(parts.end(), ndim > others ? ndim - others : 0, nullptr);
  parts.insert(parts.end(), ellipsis + 1, written.end());
  return parts;
}

} // namespace pyjit::ir::detail

#endif
