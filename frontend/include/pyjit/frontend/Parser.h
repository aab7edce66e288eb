//===- Parser.h - Recursive-descent parser for the kernel language -------===//
#ifndef PYJIT_FRONTEND_PARSER_H
#define PYJIT_FRONTEND_PARSER_H

#include "pyjit/frontend/AST.h"
#include "pyjit/frontend/Diagnostics.h"
#include <memory>

namespace pyjit {

/// Parses `file` (one or more `def`s, decorators allowed and ignored) into an
/// AST. The grammar is Python 3's (precedence as in the language reference,
/// 6.17); constructs outside the kernel language are rejected here with
/// "<construct> is not supported in kernels" at the construct's range.
/// Returns null after reporting the first error to `diags`.
std::unique_ptr<ast::Module> parseSource(const SourceFile &file,
                                         DiagnosticEngine &diags);

/// What to write instead of making an array in a kernel (`np.zeros(n)`,
/// `np.array([1, 2])`): the parser and type inference both say it.
inline constexpr const char kAllocationHint[] =
    "kernels cannot allocate arrays: cuda.local.array(shape, dtype) makes one per thread, "
    "cuda.shared.array(shape, dtype) one per block";

/// What to write instead of formatting a string in a kernel (an f-string,
/// "..." % x, "...".format(x)): the parser and type inference both say it.
inline constexpr const char kPrintValuesHint[] = "print the values as arguments: print('x =', x)";

} // namespace pyjit

#endif
