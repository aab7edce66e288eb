//===- Lexer.h - Indentation-aware lexer ---------------------------------===//
#ifndef PYJIT_FRONTEND_LEXER_H
#define PYJIT_FRONTEND_LEXER_H

#include "pyjit/frontend/Diagnostics.h"
#include "pyjit/frontend/Token.h"
#include <vector>

namespace pyjit {

/// Splits Python source into tokens following the Python language reference
/// (2.1 "Line structure"): NEWLINE ends a logical line, INDENT/DEDENT track
/// the indentation stack, lines inside brackets or after a backslash join,
/// comments and blank lines produce nothing. The indentation of the first
/// line is the base level, so the source of a nested function lexes as is
/// and columns stay those of the user's file.
///
/// Errors (bad characters, inconsistent dedent, unterminated strings) go to
/// the DiagnosticEngine and lex as TokenKind::Error.
class Lexer {
public:
  Lexer(const SourceFile &file, DiagnosticEngine &diags);

  /// Lexes the whole file; the result always ends with Eof.
  std::vector<Token> lexAll();

private:
  Token next();
  Token make(TokenKind kind, size_t begin);
  SourceLoc locAt(size_t offset) const;
  bool handleLineStart(std::vector<Token> &out);
  Token lexNumber(size_t begin);
  Token lexString(size_t begin);
  Token lexIdentifier(size_t begin);

  const SourceFile &file;
  DiagnosticEngine &diags;
  llvm::StringRef text;
  size_t pos = 0;
  unsigned line;        // current file line
  size_t lineStart = 0; // offset of the current line's first byte
  int parenDepth = 0;
  bool atLineStart = true;
  std::vector<unsigned> indents;
};

} // namespace pyjit

#endif
