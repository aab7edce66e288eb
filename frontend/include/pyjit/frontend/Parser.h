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

} // namespace pyjit

#endif
