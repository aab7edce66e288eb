//===- VariableWebs.h - One variable per SSA version of a name ---------===//
//
// numba types each SSA version of a Python variable on its own (its SSA
// reconstruction pass), so one name may hold an int in one loop and a tuple
// in the next:
//
//   for v in ((1, 2), (3, 4)): ...      # v: UniTuple(int64, 2)
//   for v in ((1, 2, 3),): ...          # v: UniTuple(int64, 3)
//
// pyjit types one variable per name, so this pass first renames: over
// reaching definitions (Muchnick, "Advanced Compiler Design and
// Implementation", 8.10), every definition becomes a variable of its own
// (a version): the first of a name (a parameter's, if it is one) keeps the
// spelling, the others become `name~k`, which no source can spell (nor can
// it meet IRGen's names of a tuple variable's elements, `name#i`). A read
// that one definition reaches reads that version. A read that several reach
// reads a phi variable of that set of definitions (numba's phi node), and
// FunctionDef::phiTargets lists, per version, the phis it also writes: type
// inference unifies a phi's type from theirs, and IRGen writes each
// version's value into its phis, converted. So
//
//   t = a[i]            # t: int64
//   u = t >> 1          # reads t
//   if c:
//       t = 0.5         # t~1: float64
//   out[i] = t + u      # reads t~2, written by both: float64
//
// types as numba's t, t.1 and t.2 = phi(t, t.1). `x op= v` reads one
// version and defines another (AugAssignStmt::source).
//
// Names that a nested def reads or writes (the enclosing function's
// variables, read at the call) are left whole, as are nested defs' own.
//
// An `if` whose condition is decided when compiling runs one branch only,
// as numba's dead-branch pruning has it, so the versions follow that branch:
// a literal (`if False:`), and, with `KnownNames`, a global constant
// (`if not DEBUG:`) or `p is None` / `p is not None` for a parameter `p`
// that no assignment has replaced yet. Then
//
//   def f(x, scale=None):
//       if scale is None:
//           scale = 2.0        # a version of its own: float64
//       return x * scale
//
// types for f(x) as for f(x, 3.0). The decisions must be the ones type
// inference makes (it prunes the same branches by the same facts).
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_FRONTEND_VARIABLEWEBS_H
#define PYJIT_FRONTEND_VARIABLEWEBS_H

#include "pyjit/frontend/AST.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <optional>

namespace pyjit::ast {

/// What one compilation knows about names before typing. `isNone(name)`:
/// for a parameter (its type) or a global (its value), whether it is None;
/// `truth(name)`: for a global constant, its Python truth; `compare(c,
/// isGlobal)`: the value of a one-operator comparison of literals and global
/// constants (`PREC == "float32"`, `N > 4`), names read as globals only where
/// `isGlobal` says so, where type inference decides it the same way. Any may
/// be empty, and each returns none for what it does not know.
struct KnownNames {
  std::function<std::optional<bool>(llvm::StringRef)> isNone;
  std::function<std::optional<bool>(llvm::StringRef)> truth;
  std::function<std::optional<bool>(const CompareExpr &,
                                    const std::function<bool(llvm::StringRef)> &isGlobal)>
      compare;
};

/// Renames the NameExprs of `fn` (definitions and uses) so that each version
/// of a local variable has its own name, fills `fn.phiTargets`, and gives
/// `x op= v` of a local its AugAssignStmt::source. The AST is otherwise
/// unchanged.
void splitVariableWebs(FunctionDef &fn, const KnownNames &known = {});

/// The name as the source spells it: `name~k` (a version of `name`) is `name`.
inline llvm::StringRef sourceName(llvm::StringRef name) { return name.take_until([](char c) {
  return c == '~';
}); }

} // namespace pyjit::ast

#endif
