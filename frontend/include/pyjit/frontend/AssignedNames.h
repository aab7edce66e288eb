//===- AssignedNames.h - The names a function body assigns ---------------===//
//
// Python's rule for a function's local names: a name is local if the body
// assigns it anywhere (an `=` or `op=` target, a `for` target, unpacked
// tuples and starred targets included), at any depth of `if`, `while` and
// `for` blocks. Nested defs are reported, not entered: their names are
// their own.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_FRONTEND_ASSIGNEDNAMES_H
#define PYJIT_FRONTEND_ASSIGNEDNAMES_H

#include "pyjit/frontend/AST.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <string>

namespace pyjit::ast {

/// Calls \p onName for each name \p body assigns (once per assignment, in
/// source order) and \p onDef for each nested def (or lambda) in it.
void forEachAssignedName(const Block &body,
                         llvm::function_ref<void(const std::string &)> onName,
                         llvm::function_ref<void(const FunctionDef &)> onDef);

} // namespace pyjit::ast

#endif
