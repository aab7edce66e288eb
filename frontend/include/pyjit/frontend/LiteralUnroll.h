//===- LiteralUnroll.h - numba's literal_unroll, by copying the loop body ===//
//
// numba compiles `for v in literal_unroll(t): body` once per element of the
// tuple t, each copy typed with its element's own type (its loop-body
// versioning), so a heterogeneous tuple keeps every element's type:
//
//   for v in literal_unroll((np.uint64(2**64 - 1), -1)):
//       out[i] = v          # a uint64 store, then an int64 one
//
// pyjit types one variable per web of its assignments (VariableWebs.h), so
// this pass writes the loop out before the webs are split, as numba lowers
// it: a loop over the element positions whose body picks the copy for its
// position,
//
//   for $unroll0 in range(2):
//       if $unroll0 == 0:
//           v = t[0]; body
//       else:
//           v = t[1]; body
//
// so each copy's `v` is a web, a variable of its own element's type, while a
// variable carried from one element to the next (`s += v`) is the loop's
// phi, of the unified type of every copy's assignments (numba's). `break`,
// `continue` and the loop's `else:` are the loop's. A tuple written in place
// is evaluated once, before the loop, into `$tuple<n>` (one of literals with
// a string among them is indexed in place, so each copy's string stays a
// constant; so is one of names no scope assigns, such as global device
// functions, `(f, g)`, which no variable could hold). The copies are fresh parses of the same source (the AST has no
// copy): every node keeps its source range.
//
// Only loops whose tuple length is known before typing are written out: a
// tuple written in place; a local name every assignment of which is a tuple
// written in place of one length (`t = (a, 2.5)`, numba's own usage; read
// once, before the loop, into `$tuple<n>`, as the body may assign it
// again); a name no assignment in the function replaces (a tuple
// parameter, a global tuple); and not a body that defines a function (each
// copy would define it again). Others keep the one loop (its
// variable the unification of the elements' types).
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_FRONTEND_LITERALUNROLL_H
#define PYJIT_FRONTEND_LITERALUNROLL_H

#include "pyjit/frontend/AST.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <memory>
#include <optional>

namespace pyjit::ast {

/// What unrollLiteralLoops needs from the caller.
struct UnrollFacts {
  /// Whether `callee` (a call's callee expression) names literal_unroll.
  std::function<bool(const Expr &callee)> isLiteralUnroll;
  /// The length of the tuple a name holds at the function's entry (a tuple
  /// parameter or global), or none.
  std::function<std::optional<size_t>(llvm::StringRef name)> tupleSize;
  /// A fresh parse of the source `fn` came from, or null.
  std::function<std::unique_ptr<Module>()> reparse;
};

/// Writes out each literal_unroll loop of `fn` (nested defs' too) whose
/// tuple length is known, as the header describes.
void unrollLiteralLoops(FunctionDef &fn, const UnrollFacts &facts);

} // namespace pyjit::ast

#endif
