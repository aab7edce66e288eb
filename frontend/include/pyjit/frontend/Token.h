//===- Token.h - Tokens of the kernel language ---------------------------===//
#ifndef PYJIT_FRONTEND_TOKEN_H
#define PYJIT_FRONTEND_TOKEN_H

#include "pyjit/frontend/SourceFile.h"
#include "llvm/ADT/StringRef.h"

namespace pyjit {

enum class TokenKind {
  Eof,
  Newline,
  Indent,
  Dedent,
  Identifier,
  IntLiteral,
  FloatLiteral,
  ImagLiteral, // 2j, 1.5e3J
  StringLiteral,
  // Keywords (all of Python's, so unsupported ones get a precise message).
  KwFalse, KwNone, KwTrue, KwAnd, KwAs, KwAssert, KwAsync, KwAwait, KwBreak,
  KwClass, KwContinue, KwDef, KwDel, KwElif, KwElse, KwExcept, KwFinally,
  KwFor, KwFrom, KwGlobal, KwIf, KwImport, KwIn, KwIs, KwLambda, KwNonlocal,
  KwNot, KwOr, KwPass, KwRaise, KwReturn, KwTry, KwWhile, KwWith, KwYield,
  // Operators and delimiters.
  Plus, Minus, Star, DoubleStar, Slash, DoubleSlash, Percent, At, Amp, Pipe,
  Caret, Tilde, LeftShift, RightShift, Less, Greater, LessEqual, GreaterEqual,
  EqualEqual, NotEqual, LParen, RParen, LBracket, RBracket, LBrace, RBrace,
  Comma, Colon, Dot, Semicolon, Equal, Arrow, ColonEqual,
  PlusEqual, MinusEqual, StarEqual, SlashEqual, DoubleSlashEqual, PercentEqual,
  DoubleStarEqual, AmpEqual, PipeEqual, CaretEqual, LeftShiftEqual,
  RightShiftEqual, AtEqual,
  Error,
};

/// A token: its kind, spelling (a view into the SourceFile text) and range.
struct Token {
  TokenKind kind = TokenKind::Eof;
  llvm::StringRef text;
  SourceRange range;

  bool is(TokenKind k) const { return kind == k; }
  bool isKeyword() const {
    return kind >= TokenKind::KwFalse && kind <= TokenKind::KwYield;
  }
};

/// Printable name of a token kind, for diagnostics ("'('", "identifier").
const char *tokenKindName(TokenKind kind);

} // namespace pyjit

#endif
