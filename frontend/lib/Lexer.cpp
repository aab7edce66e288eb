//===- Lexer.cpp - Indentation-aware lexer for the kernel language -------===//
#include "pyjit/frontend/Lexer.h"
#include "llvm/ADT/StringSwitch.h"
#include <cctype>

using namespace pyjit;

const char *pyjit::tokenKindName(TokenKind kind) {
  switch (kind) {
  case TokenKind::Eof: return "end of input";
  case TokenKind::Newline: return "end of line";
  case TokenKind::Indent: return "indent";
  case TokenKind::Dedent: return "dedent";
  case TokenKind::Identifier: return "identifier";
  case TokenKind::IntLiteral: return "integer literal";
  case TokenKind::FloatLiteral: return "float literal";
  case TokenKind::StringLiteral: return "string literal";
  case TokenKind::LParen: return "'('";
  case TokenKind::RParen: return "')'";
  case TokenKind::LBracket: return "'['";
  case TokenKind::RBracket: return "']'";
  case TokenKind::Colon: return "':'";
  case TokenKind::Comma: return "','";
  case TokenKind::Equal: return "'='";
  default: return "token";
  }
}

Lexer::Lexer(const SourceFile &file, DiagnosticEngine &diags)
    : file(file), diags(diags), text(file.text()), line(file.firstLine()) {}

SourceLoc Lexer::locAt(size_t offset) const {
  // Offsets handed here are always on the current line.
  return file.fileLoc(line, static_cast<unsigned>(offset - lineStart + 1));
}

Token Lexer::make(TokenKind kind, size_t begin) {
  Token t;
  t.kind = kind;
  t.text = text.substr(begin, pos - begin);
  t.range = SourceRange(locAt(begin), locAt(pos));
  return t;
}

// Measures indentation at the start of a physical line, skipping blank and
// comment-only lines, and emits INDENT/DEDENT tokens. Returns false at EOF.
bool Lexer::handleLineStart(std::vector<Token> &out) {
  while (pos < text.size()) {
    size_t p = pos;
    unsigned width = 0;
    // A form feed (page break) sets the width back to 0, as CPython's
    // tokenizer counts it (Parser/tokenizer.c: "for Emacs users").
    while (p < text.size() && (text[p] == ' ' || text[p] == '\t' || text[p] == '\f')) {
      width = text[p] == '\t' ? (width / 8 + 1) * 8 : text[p] == '\f' ? 0 : width + 1;
      ++p;
    }
    if (p < text.size() && (text[p] == '\n' || text[p] == '#' || text[p] == '\r')) {
      while (p < text.size() && text[p] != '\n')
        ++p;
      if (p < text.size())
        ++p;
      pos = p;
      ++line;
      lineStart = pos;
      continue;
    }
    if (p >= text.size()) {
      pos = p;
      return false;
    }
    pos = p;
    if (indents.empty())
      indents.push_back(width); // base level: the first line's indentation
    if (width > indents.back()) {
      indents.push_back(width);
      out.push_back(make(TokenKind::Indent, pos));
    } else {
      while (indents.size() > 1 && width < indents.back()) {
        indents.pop_back();
        out.push_back(make(TokenKind::Dedent, pos));
      }
      if (width != indents.back()) {
        diags.error(SourceRange(locAt(pos)),
                    "unindent does not match any outer indentation level");
        out.push_back(make(TokenKind::Error, pos));
      }
    }
    return true;
  }
  return false;
}

std::vector<Token> Lexer::lexAll() {
  std::vector<Token> out;
  while (true) {
    if (atLineStart && parenDepth == 0) {
      atLineStart = false;
      if (!handleLineStart(out))
        break;
    }
    Token t = next();
    if (t.is(TokenKind::Eof))
      break;
    // A NEWLINE only ends a non-empty logical line.
    if (t.is(TokenKind::Newline) &&
        (out.empty() || out.back().is(TokenKind::Newline) ||
         out.back().is(TokenKind::Indent) || out.back().is(TokenKind::Dedent)))
      continue;
    out.push_back(t);
  }
  if (!out.empty() && !out.back().is(TokenKind::Newline) &&
      !out.back().is(TokenKind::Dedent)) {
    Token nl = make(TokenKind::Newline, pos);
    out.push_back(nl);
  }
  while (indents.size() > 1) {
    indents.pop_back();
    out.push_back(make(TokenKind::Dedent, pos));
  }
  out.push_back(make(TokenKind::Eof, pos));
  return out;
}

Token Lexer::next() {
  while (pos < text.size()) {
    char c = text[pos];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
      ++pos;
      continue;
    }
    if (c == '#') {
      while (pos < text.size() && text[pos] != '\n')
        ++pos;
      continue;
    }
    if (c == '\\' && pos + 1 < text.size() &&
        (text[pos + 1] == '\n' || text[pos + 1] == '\r')) {
      size_t nl = text.find('\n', pos);
      pos = nl == llvm::StringRef::npos ? text.size() : nl + 1;
      ++line;
      lineStart = pos;
      continue;
    }
    if (c == '\n') {
      size_t begin = pos;
      Token t = make(TokenKind::Newline, begin);
      ++pos;
      t.text = text.substr(begin, 1);
      ++line;
      lineStart = pos;
      if (parenDepth > 0)
        continue; // implicit line joining
      atLineStart = true;
      return t;
    }
    break;
  }
  if (pos >= text.size()) {
    if (!atLineStart && parenDepth == 0) {
      atLineStart = true;
      return make(TokenKind::Newline, pos);
    }
    return make(TokenKind::Eof, pos);
  }

  size_t begin = pos;
  char c = text[pos];
  if (std::isdigit(static_cast<unsigned char>(c)) ||
      (c == '.' && pos + 1 < text.size() &&
       std::isdigit(static_cast<unsigned char>(text[pos + 1]))))
    return lexNumber(begin);
  if (std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
      static_cast<unsigned char>(c) >= 0x80) {
    // String prefixes (r, b, f, u and combinations) followed by a quote.
    size_t p = pos;
    while (p < text.size() && p - pos < 2 &&
           llvm::StringRef("rRbBfFuU").contains(text[p]))
      ++p;
    if (p > pos && p < text.size() && (text[p] == '"' || text[p] == '\''))
      return lexString(begin);
    return lexIdentifier(begin);
  }
  if (c == '"' || c == '\'')
    return lexString(begin);

  auto op = [&](TokenKind kind, size_t len) {
    pos += len;
    return make(kind, begin);
  };
  auto peek = [&](size_t k) -> char {
    return pos + k < text.size() ? text[pos + k] : '\0';
  };
  switch (c) {
  case '(': ++parenDepth; return op(TokenKind::LParen, 1);
  case '[': ++parenDepth; return op(TokenKind::LBracket, 1);
  case '{': ++parenDepth; return op(TokenKind::LBrace, 1);
  case ')': parenDepth = std::max(0, parenDepth - 1); return op(TokenKind::RParen, 1);
  case ']': parenDepth = std::max(0, parenDepth - 1); return op(TokenKind::RBracket, 1);
  case '}': parenDepth = std::max(0, parenDepth - 1); return op(TokenKind::RBrace, 1);
  case ',': return op(TokenKind::Comma, 1);
  case ';': return op(TokenKind::Semicolon, 1);
  case '.': return op(TokenKind::Dot, 1);
  case '~': return op(TokenKind::Tilde, 1);
  case ':': return peek(1) == '=' ? op(TokenKind::ColonEqual, 2) : op(TokenKind::Colon, 1);
  case '+': return peek(1) == '=' ? op(TokenKind::PlusEqual, 2) : op(TokenKind::Plus, 1);
  case '-':
    if (peek(1) == '>') return op(TokenKind::Arrow, 2);
    return peek(1) == '=' ? op(TokenKind::MinusEqual, 2) : op(TokenKind::Minus, 1);
  case '*':
    if (peek(1) == '*')
      return peek(2) == '=' ? op(TokenKind::DoubleStarEqual, 3) : op(TokenKind::DoubleStar, 2);
    return peek(1) == '=' ? op(TokenKind::StarEqual, 2) : op(TokenKind::Star, 1);
  case '/':
    if (peek(1) == '/')
      return peek(2) == '=' ? op(TokenKind::DoubleSlashEqual, 3) : op(TokenKind::DoubleSlash, 2);
    return peek(1) == '=' ? op(TokenKind::SlashEqual, 2) : op(TokenKind::Slash, 1);
  case '%': return peek(1) == '=' ? op(TokenKind::PercentEqual, 2) : op(TokenKind::Percent, 1);
  case '@': return peek(1) == '=' ? op(TokenKind::AtEqual, 2) : op(TokenKind::At, 1);
  case '&': return peek(1) == '=' ? op(TokenKind::AmpEqual, 2) : op(TokenKind::Amp, 1);
  case '|': return peek(1) == '=' ? op(TokenKind::PipeEqual, 2) : op(TokenKind::Pipe, 1);
  case '^': return peek(1) == '=' ? op(TokenKind::CaretEqual, 2) : op(TokenKind::Caret, 1);
  case '=': return peek(1) == '=' ? op(TokenKind::EqualEqual, 2) : op(TokenKind::Equal, 1);
  case '!':
    if (peek(1) == '=') return op(TokenKind::NotEqual, 2);
    break;
  case '<':
    if (peek(1) == '<')
      return peek(2) == '=' ? op(TokenKind::LeftShiftEqual, 3) : op(TokenKind::LeftShift, 2);
    return peek(1) == '=' ? op(TokenKind::LessEqual, 2) : op(TokenKind::Less, 1);
  case '>':
    if (peek(1) == '>')
      return peek(2) == '=' ? op(TokenKind::RightShiftEqual, 3) : op(TokenKind::RightShift, 2);
    return peek(1) == '=' ? op(TokenKind::GreaterEqual, 2) : op(TokenKind::Greater, 1);
  default:
    break;
  }
  ++pos;
  Token t = make(TokenKind::Error, begin);
  diags.error(t.range, llvm::Twine("invalid character '") + t.text + "' in source");
  return t;
}

Token Lexer::lexNumber(size_t begin) {
  auto isDigitOf = [](char c, int base) {
    if (c == '_')
      return true;
    if (base == 16)
      return std::isxdigit(static_cast<unsigned char>(c)) != 0;
    if (base == 8)
      return c >= '0' && c <= '7';
    if (base == 2)
      return c == '0' || c == '1';
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  };
  if (text[pos] == '0' && pos + 1 < text.size() &&
      llvm::StringRef("xXoObB").contains(text[pos + 1])) {
    char p = static_cast<char>(std::tolower(text[pos + 1]));
    int base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
    pos += 2;
    while (pos < text.size() && isDigitOf(text[pos], base))
      ++pos;
    return make(TokenKind::IntLiteral, begin);
  }
  bool isFloat = false;
  while (pos < text.size() && isDigitOf(text[pos], 10))
    ++pos;
  if (pos < text.size() && text[pos] == '.') {
    isFloat = true;
    ++pos;
    while (pos < text.size() && isDigitOf(text[pos], 10))
      ++pos;
  }
  if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
    size_t p = pos + 1;
    if (p < text.size() && (text[p] == '+' || text[p] == '-'))
      ++p;
    if (p < text.size() && std::isdigit(static_cast<unsigned char>(text[p]))) {
      isFloat = true;
      pos = p;
      while (pos < text.size() && isDigitOf(text[pos], 10))
        ++pos;
    }
  }
  if (pos < text.size() && (text[pos] == 'j' || text[pos] == 'J')) {
    ++pos;
    return make(TokenKind::ImagLiteral, begin);
  }
  return make(isFloat ? TokenKind::FloatLiteral : TokenKind::IntLiteral, begin);
}

Token Lexer::lexString(size_t begin) {
  SourceLoc startLoc = locAt(begin);
  while (pos < text.size() && text[pos] != '"' && text[pos] != '\'')
    ++pos; // prefix
  char quote = text[pos];
  bool triple = pos + 2 < text.size() && text[pos + 1] == quote && text[pos + 2] == quote;
  pos += triple ? 3 : 1;
  while (pos < text.size()) {
    char c = text[pos];
    if (c == '\\' && pos + 1 < text.size()) {
      if (text[pos + 1] == '\n') {
        pos += 2;
        ++line;
        lineStart = pos;
        continue;
      }
      pos += 2;
      continue;
    }
    if (c == '\n') {
      if (!triple)
        break;
      ++pos;
      ++line;
      lineStart = pos;
      continue;
    }
    if (c == quote) {
      if (!triple) {
        ++pos;
        return make(TokenKind::StringLiteral, begin);
      }
      if (pos + 2 < text.size() && text[pos + 1] == quote && text[pos + 2] == quote) {
        pos += 3;
        Token t = make(TokenKind::StringLiteral, begin);
        t.range.begin = startLoc;
        return t;
      }
    }
    ++pos;
  }
  Token t = make(TokenKind::Error, begin);
  if (t.range.end.line != t.range.begin.line)
    t.range.end = t.range.begin;
  diags.error(t.range, "unterminated string literal");
  return t;
}

Token Lexer::lexIdentifier(size_t begin) {
  while (pos < text.size() &&
         (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '_' ||
          static_cast<unsigned char>(text[pos]) >= 0x80))
    ++pos;
  llvm::StringRef word = text.substr(begin, pos - begin);
  TokenKind kind = llvm::StringSwitch<TokenKind>(word)
                       .Case("False", TokenKind::KwFalse)
                       .Case("None", TokenKind::KwNone)
                       .Case("True", TokenKind::KwTrue)
                       .Case("and", TokenKind::KwAnd)
                       .Case("as", TokenKind::KwAs)
                       .Case("assert", TokenKind::KwAssert)
                       .Case("async", TokenKind::KwAsync)
                       .Case("await", TokenKind::KwAwait)
                       .Case("break", TokenKind::KwBreak)
                       .Case("class", TokenKind::KwClass)
                       .Case("continue", TokenKind::KwContinue)
                       .Case("def", TokenKind::KwDef)
                       .Case("del", TokenKind::KwDel)
                       .Case("elif", TokenKind::KwElif)
                       .Case("else", TokenKind::KwElse)
                       .Case("except", TokenKind::KwExcept)
                       .Case("finally", TokenKind::KwFinally)
                       .Case("for", TokenKind::KwFor)
                       .Case("from", TokenKind::KwFrom)
                       .Case("global", TokenKind::KwGlobal)
                       .Case("if", TokenKind::KwIf)
                       .Case("import", TokenKind::KwImport)
                       .Case("in", TokenKind::KwIn)
                       .Case("is", TokenKind::KwIs)
                       .Case("lambda", TokenKind::KwLambda)
                       .Case("nonlocal", TokenKind::KwNonlocal)
                       .Case("not", TokenKind::KwNot)
                       .Case("or", TokenKind::KwOr)
                       .Case("pass", TokenKind::KwPass)
                       .Case("raise", TokenKind::KwRaise)
                       .Case("return", TokenKind::KwReturn)
                       .Case("try", TokenKind::KwTry)
                       .Case("while", TokenKind::KwWhile)
                       .Case("with", TokenKind::KwWith)
                       .Case("yield", TokenKind::KwYield)
                       .Default(TokenKind::Identifier);
  return make(kind, begin);
}
