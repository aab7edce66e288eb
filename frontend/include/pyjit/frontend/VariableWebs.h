//===- VariableWebs.h - One variable per web of definitions and uses ----===//
//
// numba types each SSA version of a Python variable on its own (its SSA
// reconstruction pass), so one name may hold an int in one loop and a tuple
// in the next:
//
//   for v in ((1, 2), (3, 4)): ...      # v: UniTuple(int64, 2)
//   for v in ((1, 2, 3),): ...          # v: UniTuple(int64, 3)
//
// pyjit types one variable per name, so this pass first splits a name into
// its webs: the classical construction over reaching definitions (Muchnick,
// "Advanced Compiler Design and Implementation", 16.3), where the
// definitions that reach a common use are one web. A name with several webs
// keeps its spelling in the web of its first definition (a parameter's, if
// it is one); each other web becomes `name~k`, which no source can spell
// (nor can it meet IRGen's names of a tuple variable's elements, `name#i`).
// Definitions that reach a use together keep one variable, so `x = 0` then
// `if c: x = 2.5` then a read of x is still one float64 variable.
//
// Names that a nested def reads or writes (the enclosing function's
// variables, read at the call) are left whole, as are nested defs' own.
//
// An `if` whose condition is decided when compiling runs one branch only,
// as numba's dead-branch pruning has it, so the webs follow that branch:
// a literal (`if False:`), and, with `KnownNames`, a global constant
// (`if not DEBUG:`) or `p is None` / `p is not None` for a parameter `p`
// that no assignment has replaced yet. Then
//
//   def f(x, scale=None):
//       if scale is None:
//           scale = 2.0        # a web of its own: float64
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
/// `truth(name)`: for a global constant, its Python truth. Either may be
/// empty, and either returns none for a name it does not know.
struct KnownNames {
  std::function<std::optional<bool>(llvm::StringRef)> isNone;
  std::function<std::optional<bool>(llvm::StringRef)> truth;
};

/// Renames the NameExprs of `fn` (definitions and uses) so that each web of
/// a local variable has its own name. The AST is otherwise unchanged.
void splitVariableWebs(FunctionDef &fn, const KnownNames &known = {});

/// The name as the source spells it: `name~k` (a web of `name`) is `name`.
inline llvm::StringRef sourceName(llvm::StringRef name) { return name.take_until([](char c) {
  return c == '~';
}); }

} // namespace pyjit::ast

#endif
