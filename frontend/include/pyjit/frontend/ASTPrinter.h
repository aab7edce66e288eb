//===- ASTPrinter.h - Textual dump of the AST (pyjitc --emit=ast) --------===//
#ifndef PYJIT_FRONTEND_ASTPRINTER_H
#define PYJIT_FRONTEND_ASTPRINTER_H

#include "pyjit/frontend/AST.h"
#include "llvm/Support/raw_ostream.h"

namespace pyjit {

/// Prints one node per line, indented by depth, each with its `@line:col`.
void printAST(const ast::Module &module, llvm::raw_ostream &os);
void printAST(const ast::Expr &expr, llvm::raw_ostream &os);

} // namespace pyjit

#endif
