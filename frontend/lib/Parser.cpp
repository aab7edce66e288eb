//===- Parser.cpp - Recursive-descent parser for the kernel language -----===//
#include "pyjit/frontend/Parser.h"
#include "llvm/ADT/ScopeExit.h"
#include "pyjit/frontend/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Unicode.h"
#include <algorithm>
#include <cerrno>
#include <cstdlib>

using namespace pyjit;
using namespace pyjit::ast;


namespace {

/// What to write instead of a list in a kernel.
constexpr llvm::StringLiteral kListHint =
    "a tuple holds a few values ((a, b)), cuda.local.array(n, dtype) an array";

/// `numpy.array(...)` and the other functions that make an array from
/// their argument, by attribute name (the parser does not know what the
/// base names): a list given to them is reported as the allocation it is
/// for (kAllocationHint), not as a list.
bool makesArray(const Expr &callee) {
  const auto *attr = llvm::dyn_cast<AttributeExpr>(&callee);
  if (!attr)
    return false;
  llvm::StringRef name = attr->attr;
  return name == "array" || name == "asarray" || name == "ascontiguousarray" ||
         name == "zeros" || name == "ones" || name == "empty" || name == "full";
}

/// `cuda.shared.array(...)` or `cuda.local.array(...)` (any module prefix).
bool allocatesKernelArray(const Expr &callee) {
  const auto *attr = llvm::dyn_cast<AttributeExpr>(&callee);
  const auto *space = attr ? llvm::dyn_cast<AttributeExpr>(attr->value.get()) : nullptr;
  return attr && attr->attr == "array" && space &&
         (space->attr == "shared" || space->attr == "local");
}

bool isAssignable(const Expr *e);

class Parser {
public:
  Parser(const SourceFile &file, DiagnosticEngine &diags)
      : diags(diags), tokens(Lexer(file, diags).lexAll()) {}

  std::unique_ptr<Module> parseModule();

private:
  // Token cursor.
  const Token &tok() const { return tokens[index]; }
  const Token &peekTok(size_t k = 1) const {
    return tokens[std::min(index + k, tokens.size() - 1)];
  }
  bool at(TokenKind k) const { return tok().is(k); }
  Token consume() {
    Token t = tok();
    if (index + 1 < tokens.size())
      ++index;
    return t;
  }
  bool accept(TokenKind k) {
    if (!at(k))
      return false;
    consume();
    return true;
  }
  bool expect(TokenKind k, const char *what);

  // Errors: the first one stops the parse.
  std::nullptr_t error(SourceRange r, const llvm::Twine &msg) {
    if (!failed)
      diags.error(r, msg);
    failed = true;
    return nullptr;
  }
  /// "<construct> is not supported in kernels", and "; <hint>" (what to
  /// write instead) when one is given.
  std::nullptr_t unsupported(SourceRange r, const llvm::Twine &construct,
                             llvm::StringRef hint = "") {
    if (hint.empty())
      return error(r, construct + " is not supported in kernels");
    return error(r, construct + " is not supported in kernels; " + hint);
  }
  SourceRange span(SourceRange a, SourceRange b) const { return {a.begin, b.end}; }
  /// A construct kernels do not support, parsed past: its error, reported
  /// where type inference types it (UnsupportedExpr).
  ExprPtr deferred(SourceRange r, const llvm::Twine &construct, llvm::StringRef hint = "") {
    std::string message = (construct + " is not supported in kernels").str();
    if (!hint.empty())
      message += "; " + hint.str();
    return std::make_unique<UnsupportedExpr>(r, std::move(message));
  }
  /// Skips tokens up to the bracket closing one already read, leaving that
  /// bracket (\p close) to be read; brackets opened on the way are skipped
  /// whole. Returns the range skipped ending at \p from; false (an error
  /// reported) at the end of the input or a bracket of another kind.
  bool skipToClose(TokenKind close, SourceRange &from);
  /// Parses past a lambda (at `lambda`): its parameters and body.
  ExprPtr skipLambda();
  /// A lambda as a value (at `lambda`): a hoisted nested def and its name.
  ExprPtr parseLambda();

  // Statements.
  std::unique_ptr<FunctionDef> parseFunctionDef();
  bool parseParams(FunctionDef &fn, TokenKind end, bool annotations);
  StmtPtr parseLambdaDef();
  bool parseBlock(Block &out);
  bool parseStatement(Block &out);
  bool parseSimpleStatements(Block &out);
  StmtPtr parseSmallStatement();
  StmtPtr parseExprStatement();
  StmtPtr parseIf(SourceRange start);
  bool parseLoopElse(Block &orelse); // an optional `else:` block of a loop
  bool isSoftKeywordStatement() const;
  /// `match subject:` and its `case` blocks (at `match`), lowered to an
  /// if/elif chain over a temporary holding the subject.
  bool parseMatch(Block &out);
  /// One `case` pattern: its test of the subject variable \p subject (null
  /// when it always matches) and the names it binds to the subject.
  struct Pattern {
    ExprPtr test;
    std::vector<std::pair<std::string, SourceRange>> binds;
    SourceRange range;
  };
  bool parsePattern(const std::string &subject, Pattern &out);
  bool parseClosedPattern(const std::string &subject, Pattern &out);

  // Expressions, lowest precedence first.
  ExprPtr parseTestList();      // expr (',' expr)* -> tuple if commas
  /// `[a, b]` as a tuple: the whole iterable of a for loop (followed by
  /// `:`), or the last operand of `in`/`not in` (not followed by a
  /// comparison).
  ExprPtr parseListAsTuple(bool loop, size_t parens = 0);
  ExprPtr parseTest();          // conditional expression
  ExprPtr parseOrTest();
  ExprPtr parseAndTest();
  ExprPtr parseNotTest();
  ExprPtr parseComparison();
  ExprPtr parseBinary(int level);
  ExprPtr parseFactor();
  ExprPtr parsePower();
  ExprPtr parsePrimary();
  ExprPtr parseAtom();
  ExprPtr parseSubscriptIndex();
  /// `*value` (at the '*'): a tuple's elements spliced into a tuple or index.
  ExprPtr parseStarred();
  ExprPtr parseSliceOrTest();
  bool parseCallArgs(const Expr &callee, std::vector<ExprPtr> &args, std::vector<Keyword> &kws);

  DiagnosticEngine &diags;
  std::vector<Token> tokens;
  size_t index = 0;
  bool failed = false;
  int functionDepth = 0;
  /// Lambdas written as values in the statement being parsed (`(lambda v:
  /// v + 1)(x)`, `apply(lambda v: v * 2, x)`), each a nested def that
  /// parseBlock places before the statement: the expression names it.
  std::vector<StmtPtr> hoisted;
  int blockDepth = 0; // parseBlock calls open (a statement can take hoisted defs)
  int matchCount = 0; // `match` statements parsed: each subject's temporary
  // Names the function being parsed declares `global` (false) or `nonlocal`
  // (true), innermost function last: read as any other global or enclosing
  // variable, never assigned (checkNotDeclared).
  std::vector<llvm::StringMap<bool>> declared;
  StmtPtr parseDeclaration();
  bool checkNotDeclared(const Expr *target);

  // The parser's own recursion (parentheses, unary operators, `not`,
  // conditional expressions): refused past kMaxNesting levels, and an
  // expression tree past kMaxExprHeight, before any pass recurses into it.
  // CPython itself stops near 3000 levels ("maximum recursion depth exceeded
  // during compilation"); the compiler runs on a thread with a stack sized
  // for these limits (KernelCompiler.cpp).
  static constexpr unsigned kMaxNesting = 1000;
  static constexpr unsigned kMaxExprHeight = 20000;
  unsigned nesting = 0;
  struct Nested {
    Parser &p;
    explicit Nested(Parser &p) : p(p) { ++p.nesting; }
    ~Nested() { --p.nesting; }
    bool tooDeep() const { return p.nesting > kMaxNesting; }
  };
  std::nullptr_t tooDeep() {
    return error(tok().range, "this expression nests more than " + llvm::Twine(kMaxNesting) +
                                  " levels of parentheses, unary operators or conditional "
                                  "expressions; split it into several statements");
  }
  ExprPtr limitHeight(ExprPtr e) {
    if (e && e->height() > kMaxExprHeight)
      return error(e->range(), "this expression is " + llvm::Twine(e->height()) +
                                   " operations deep; pyjit compiles up to " +
                                   llvm::Twine(kMaxExprHeight) +
                                   " (split it into several statements)");
    return e;
  }
};

bool Parser::expect(TokenKind k, const char *what) {
  if (accept(k))
    return true;
  if (tok().is(TokenKind::Error))
    return error(tok().range, "invalid syntax"), false;
  error(tok().range, llvm::Twine("invalid syntax: expected ") + what);
  return false;
}

std::unique_ptr<Module> Parser::parseModule() {
  auto module = std::make_unique<Module>();
  while (!at(TokenKind::Eof) && !failed) {
    if (accept(TokenKind::Newline))
      continue;
    // Decorators are the Python side's business (any Python expression,
    // e.g. a list of signatures): skip to the end of their logical line.
    while (at(TokenKind::At)) {
      while (!at(TokenKind::Newline) && !at(TokenKind::Eof))
        consume();
      accept(TokenKind::Newline);
    }
    if (at(TokenKind::KwDef)) {
      auto fn = parseFunctionDef();
      if (!fn)
        return nullptr;
      module->functions.push_back(std::move(fn));
      continue;
    }
    if (at(TokenKind::KwAsync))
      return unsupported(tok().range, "'async'");
    if (at(TokenKind::Indent) || at(TokenKind::Dedent))
      return error(tok().range, "unexpected indentation");
    return error(tok().range, "expected a function definition ('def')");
  }
  if (failed)
    return nullptr;
  return module;
}

// Parameters up to `end` (')' of a def, ':' of a lambda): names, defaults,
// and for a def annotations (ignored). False after reporting an error.
bool Parser::parseParams(FunctionDef &fn, TokenKind end, bool annotations) {
  while (!at(end)) {
    if (at(TokenKind::Star) && peekTok().kind == TokenKind::Comma)
      return unsupported(tok().range, "a keyword-only marker '*'"), false;
    if (at(TokenKind::DoubleStar))
      return unsupported(tok().range, "a keyword variadic parameter ('**kwargs')"), false;
    bool star = accept(TokenKind::Star); // *args: the leftover positional arguments
    if (!fn.params.empty() && fn.params.back().star)
      return unsupported(fn.params.back().range,
                         "a parameter after '*" + fn.params.back().name + "' (keyword-only)"),
             false;
    if (at(TokenKind::Slash))
      return unsupported(tok().range, "a positional-only marker '/'"), false;
    if (!at(TokenKind::Identifier))
      return error(tok().range, "invalid syntax: expected a parameter name"), false;
    Token p = consume();
    for (const Param &earlier : fn.params)
      if (earlier.name == p.text)
        return error(p.range, "duplicate argument '" + p.text + "' in function definition"),
               false;
    fn.params.push_back({p.text.str(), p.range, nullptr, star});
    if (annotations && accept(TokenKind::Colon) && !parseTest())
      return false;
    if (star && at(TokenKind::Equal))
      return error(tok().range, "invalid syntax: '*" + p.text.str() + "' takes no default"),
             false;
    if (accept(TokenKind::Equal)) {
      ExprPtr value = parseTest();
      if (!value)
        return false;
      fn.params.back().defaultValue = std::move(value);
    } else if (!star && fn.params.size() > 1 && fn.params[fn.params.size() - 2].defaultValue) {
      return error(p.range, "a parameter without a default follows one with a default"), false;
    }
    if (!accept(TokenKind::Comma))
      break;
  }
  return true;
}

std::unique_ptr<FunctionDef> Parser::parseFunctionDef() {
  Token defTok = consume();
  if (functionDepth > 1)
    return unsupported(defTok.range, "a function defined inside a nested function");
  auto fn = std::make_unique<FunctionDef>();
  if (!at(TokenKind::Identifier))
    return error(tok().range, "invalid syntax: expected a function name");
  Token nameTok = consume();
  fn->name = nameTok.text.str();
  if (!expect(TokenKind::LParen, "'('"))
    return nullptr;
  if (!parseParams(*fn, TokenKind::RParen, /*annotations=*/true) ||
      !expect(TokenKind::RParen, "')'"))
    return nullptr;
  if (accept(TokenKind::Arrow) && !parseTest())
    return nullptr;
  fn->range = span(defTok.range, nameTok.range);
  if (!expect(TokenKind::Colon, "':'"))
    return nullptr;
  ++functionDepth;
  declared.emplace_back();
  bool ok = parseBlock(fn->body);
  declared.pop_back();
  --functionDepth;
  if (!ok)
    return nullptr;
  return fn;
}

// block: simple statements on the same line, or NEWLINE INDENT stmt+ DEDENT.
/// A list display used as a value becomes the error it is (UnsupportedExpr,
/// reported where it is typed): only an assignment or loop target, or an
/// element of one, is `[a, b]` as `a, b`. (Type inference reads some tuple
/// displays without typing them, as an index's `m[i, j]`: a list there must
/// not pass for one.)
static void settleLists(ExprPtr &e, bool target);

static void settleListsIn(std::vector<ExprPtr> &es, bool target) {
  for (ExprPtr &x : es)
    settleLists(x, target);
}

static void settleLists(ExprPtr &e, bool target) {
  if (!e)
    return;
  switch (e->kind()) {
  case Expr::Kind::Tuple: {
    auto &t = llvm::cast<TupleExpr>(*e);
    if (t.list && !target) {
      e = std::make_unique<UnsupportedExpr>(
          t.range(), "a list display (other than an assignment or loop target, the whole "
                     "iterable of a 'for' loop or the right operand of 'in') is not supported "
                     "in kernels; a tuple holds a few values ((a, b)), cuda.local.array(n, "
                     "dtype) an array");
      return;
    }
    settleListsIn(t.elts, target);
    return;
  }
  case Expr::Kind::Starred:
    settleLists(llvm::cast<StarredExpr>(*e).value, target);
    return;
  case Expr::Kind::Unary:
    settleLists(llvm::cast<UnaryExpr>(*e).operand, false);
    return;
  case Expr::Kind::Binary: {
    auto &b = llvm::cast<BinaryExpr>(*e);
    settleLists(b.lhs, false);
    settleLists(b.rhs, false);
    return;
  }
  case Expr::Kind::BoolOp:
    settleListsIn(llvm::cast<BoolOpExpr>(*e).values, false);
    return;
  case Expr::Kind::Compare:
    settleListsIn(llvm::cast<CompareExpr>(*e).operands, false);
    return;
  case Expr::Kind::Call: {
    auto &c = llvm::cast<CallExpr>(*e);
    settleLists(c.callee, false);
    settleListsIn(c.args, false);
    for (Keyword &k : c.keywords)
      settleLists(k.value, false);
    return;
  }
  case Expr::Kind::Attribute:
    settleLists(llvm::cast<AttributeExpr>(*e).value, false);
    return;
  case Expr::Kind::Subscript: {
    auto &sub = llvm::cast<SubscriptExpr>(*e);
    settleLists(sub.value, false);
    settleLists(sub.index, false);
    return;
  }
  case Expr::Kind::IfExp: {
    auto &i = llvm::cast<IfExpExpr>(*e);
    settleLists(i.cond, false);
    settleLists(i.body, false);
    settleLists(i.orelse, false);
    return;
  }
  case Expr::Kind::Slice: {
    auto &sl = llvm::cast<SliceExpr>(*e);
    settleLists(sl.lower, false);
    settleLists(sl.upper, false);
    settleLists(sl.step, false);
    return;
  }
  default:
    return;
  }
}

/// settleLists over a statement's own expressions (its blocks' statements
/// were settled as their block was parsed; a hoisted lambda's body too).
static void settleStatement(Stmt &st) {
  switch (st.kind()) {
  case Stmt::Kind::Expr:
    settleLists(llvm::cast<ExprStmt>(st).expr, false);
    return;
  case Stmt::Kind::Assign: {
    auto &a = llvm::cast<AssignStmt>(st);
    settleListsIn(a.targets, true);
    settleLists(a.value, false);
    return;
  }
  case Stmt::Kind::AugAssign: {
    auto &a = llvm::cast<AugAssignStmt>(st);
    settleLists(a.target, false);
    settleLists(a.value, false);
    return;
  }
  case Stmt::Kind::If:
    settleLists(llvm::cast<IfStmt>(st).cond, false);
    return;
  case Stmt::Kind::While:
    settleLists(llvm::cast<WhileStmt>(st).cond, false);
    return;
  case Stmt::Kind::For: {
    auto &f = llvm::cast<ForStmt>(st);
    settleLists(f.target, true);
    settleLists(f.iter, false);
    return;
  }
  case Stmt::Kind::Return:
    settleLists(llvm::cast<ReturnStmt>(st).value, false);
    return;
  case Stmt::Kind::Assert: {
    auto &a = llvm::cast<AssertStmt>(st);
    settleLists(a.test, false);
    settleLists(a.message, false);
    return;
  }
  case Stmt::Kind::Raise:
    settleLists(llvm::cast<RaiseStmt>(st).exc, false);
    return;
  case Stmt::Kind::Def: {
    FunctionDef &fn = *llvm::cast<FunctionDefStmt>(st).def;
    for (Param &p : fn.params)
      settleLists(p.defaultValue, false);
    for (StmtPtr &inner : fn.body)
      settleStatement(*inner);
    return;
  }
  default:
    return;
  }
}

bool Parser::parseBlock(Block &out) {
  // The lambdas of each statement go before it, as defs (a def only binds
  // its name: the body reads the enclosing variables when it is called).
  // A compound statement's header's go before the whole statement, not
  // into its body.
  std::vector<StmtPtr> outer = std::move(hoisted);
  hoisted.clear();
  ++blockDepth;
  auto restore = llvm::make_scope_exit([&] {
    --blockDepth;
    hoisted = std::move(outer);
  });
  auto place = [&](size_t at) {
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(at),
               std::make_move_iterator(hoisted.begin()), std::make_move_iterator(hoisted.end()));
    hoisted.clear();
    for (size_t k = at; k < out.size(); ++k)
      settleStatement(*out[k]);
  };
  if (!at(TokenKind::Newline)) {
    size_t at = out.size();
    if (!parseSimpleStatements(out))
      return false;
    place(at);
    return true;
  }
  consume();
  if (!at(TokenKind::Indent))
    return error(tok().range, "expected an indented block"), false;
  consume();
  while (!at(TokenKind::Dedent) && !at(TokenKind::Eof)) {
    size_t at = out.size();
    if (!parseStatement(out))
      return false;
    place(at);
  }
  accept(TokenKind::Dedent);
  return true;
}

bool Parser::parseStatement(Block &out) {
  const Token &t = tok();
  switch (t.kind) {
  case TokenKind::KwIf: {
    StmtPtr s = parseIf(consume().range);
    if (!s)
      return false;
    out.push_back(std::move(s));
    return true;
  }
  case TokenKind::KwWhile: {
    Token kw = consume();
    ExprPtr cond = parseTest();
    if (!cond || !expect(TokenKind::Colon, "':'"))
      return false;
    Block body, orelse;
    if (!parseBlock(body) || !parseLoopElse(orelse))
      return false;
    out.push_back(std::make_unique<WhileStmt>(span(kw.range, cond->range()), std::move(cond),
                                              std::move(body), std::move(orelse)));
    return true;
  }
  case TokenKind::KwFor: {
    Token kw = consume();
    // Target list: stops at 'in'.
    std::vector<ExprPtr> targets;
    SourceRange tr = tok().range;
    do {
      if (at(TokenKind::KwIn))
        break;
      std::optional<Token> star; // for a, *rest in ...
      if (at(TokenKind::Star))
        star = consume();
      ExprPtr e = parseBinary(0);
      if (!e)
        return false;
      if (star)
        e = std::make_unique<StarredExpr>(span(star->range, e->range()), std::move(e));
      tr.end = e->range().end;
      targets.push_back(std::move(e));
    } while (accept(TokenKind::Comma));
    ExprPtr target;
    if (targets.size() == 1 && !llvm::isa<StarredExpr>(targets[0].get()))
      target = std::move(targets[0]);
    else
      target = std::make_unique<TupleExpr>(tr, std::move(targets));
    if (!isAssignable(target.get())) {
      error(target->range(), "cannot assign to this expression in a 'for' target");
      return false;
    }
    if (!checkNotDeclared(target.get()))
      return false;
    if (!expect(TokenKind::KwIn, "'in'"))
      return false;
    ExprPtr iter = at(TokenKind::LBracket) ? parseListAsTuple(true) : parseTestList();
    if (!iter || !expect(TokenKind::Colon, "':'"))
      return false;
    Block body, orelse;
    if (!parseBlock(body) || !parseLoopElse(orelse))
      return false;
    out.push_back(std::make_unique<ForStmt>(span(kw.range, iter->range()), std::move(target),
                                            std::move(iter), std::move(body), std::move(orelse)));
    return true;
  }
  case TokenKind::KwDef: {
    auto fn = parseFunctionDef();
    if (!fn)
      return false;
    SourceRange r = fn->range;
    out.push_back(std::make_unique<FunctionDefStmt>(r, std::move(fn)));
    return true;
  }
  case TokenKind::KwClass:
    return unsupported(t.range, "a 'class' definition"), false;
  case TokenKind::KwTry:
    return unsupported(t.range, "a 'try' statement"), false;
  case TokenKind::KwWith:
    return unsupported(t.range, "a 'with' statement"), false;
  case TokenKind::KwAsync:
    return unsupported(t.range, "'async'"), false;
  case TokenKind::At:
    return unsupported(t.range, "a decorator inside a kernel"), false;
  case TokenKind::KwElif:
  case TokenKind::KwElse:
    return error(t.range, llvm::Twine("invalid syntax: '") + t.text + "' without a matching 'if'"), false;
  case TokenKind::Indent:
    return error(t.range, "unexpected indentation"), false;
  case TokenKind::Identifier:
    if (t.text == "match" && isSoftKeywordStatement())
      return parseMatch(out);
    if (t.text == "case" && isSoftKeywordStatement())
      return error(t.range, "invalid syntax: 'case' outside a 'match' statement"), false;
    return parseSimpleStatements(out);
  default:
    return parseSimpleStatements(out);
  }
}

// `match x:` / `case 1:` (also `match (x):`, `match [a, b]:`): a soft
// keyword followed by more tokens and a colon ending the logical line (an
// expression statement, `match(x)` or `match = 1`, cannot end so).
bool Parser::isSoftKeywordStatement() const {
  size_t i = index + 1;
  if (i >= tokens.size() || tokens[i].is(TokenKind::Newline) || tokens[i].is(TokenKind::Equal) ||
      tokens[i].is(TokenKind::Dot))
    return false;
  while (i + 1 < tokens.size() && !tokens[i + 1].is(TokenKind::Newline) &&
         !tokens[i + 1].is(TokenKind::Eof))
    ++i;
  return tokens[i].is(TokenKind::Colon);
}

// match_stmt: 'match' subject ':' NEWLINE INDENT case_block+ DEDENT, where
// case_block: 'case' pattern ['if' guard] ':' block. The patterns numba-cuda
// compiles (CPython lowers them to comparisons in bytecode) are taken:
// literals, dotted constants (Color.RED), None/True/False, `_`, a capture
// name, `|` alternatives and `as`; sequence, mapping and class patterns
// are refused at the pattern. The statement becomes
//   $matchN = subject
//   if test1 [and guard1]: [binds1] body1
//   elif ...
// with a case's bindings (each the subject itself) at the start of its
// body, or before its guard where it has one (a refutable pattern with
// names and a guard binds them only when the pattern matches; below).
bool Parser::parseMatch(Block &out) {
  Token kw = consume();
  ExprPtr subject = parseTestList();
  if (!subject || !expect(TokenKind::Colon, "':'"))
    return false;
  if (!at(TokenKind::Newline))
    return error(tok().range, "expected a new line and indented 'case' blocks after "
                              "'match ...:'"), false;
  consume();
  if (!at(TokenKind::Indent))
    return error(tok().range, "expected an indented block of 'case' clauses"), false;
  consume();
  std::string name = "$match" + std::to_string(matchCount++);
  SourceRange subjectRange = subject->range();
  std::vector<ExprPtr> targets;
  targets.push_back(std::make_unique<NameExpr>(subjectRange, name));
  out.push_back(std::make_unique<AssignStmt>(span(kw.range, subjectRange), std::move(targets),
                                             std::move(subject)));
  struct Case {
    Pattern pattern;
    ExprPtr guard;
    Block body;
    SourceRange range;
  };
  std::vector<Case> cases;
  while (!at(TokenKind::Dedent) && !at(TokenKind::Eof)) {
    if (!(at(TokenKind::Identifier) && tok().text == "case"))
      return error(tok().range, "expected 'case' in the block of a 'match' statement"), false;
    Token caseKw = consume();
    if (!cases.empty() && !cases.back().pattern.test && !cases.back().guard)
      return error(cases.back().pattern.range,
                   cases.back().pattern.binds.empty()
                       ? llvm::Twine("wildcard makes remaining patterns unreachable")
                       : llvm::Twine("name capture '") + cases.back().pattern.binds[0].first +
                             "' makes remaining patterns unreachable"),
             false;
    Case c;
    c.range = caseKw.range;
    if (!parsePattern(name, c.pattern))
      return false;
    if (at(TokenKind::Comma))
      return unsupported(span(c.pattern.range, tok().range), "a sequence pattern",
                         "match literals, constants, names, '_', '|' and 'as'"), false;
    if (accept(TokenKind::KwIf) && !(c.guard = parseTest()))
      return false;
    if (!expect(TokenKind::Colon, "':'") || !parseBlock(c.body))
      return false;
    cases.push_back(std::move(c));
  }
  accept(TokenKind::Dedent);
  Block rest; // the chain from the last case back
  for (auto it = cases.rbegin(); it != cases.rend(); ++it) {
    Block here, body;
    auto bind = [&](Block &into) {
      for (const auto &[var, r] : it->pattern.binds) {
        std::vector<ExprPtr> to;
        to.push_back(std::make_unique<NameExpr>(r, var));
        into.push_back(std::make_unique<AssignStmt>(r, std::move(to),
                                                    std::make_unique<NameExpr>(r, name)));
      }
    };
    ExprPtr cond = std::move(it->pattern.test);
    if (cond && it->guard && !it->pattern.binds.empty()) {
      // A refutable pattern that binds names, with a guard: the names are
      // bound when the pattern matches, whether or not the guard then holds
      // (Python's semantics), and never when it fails:
      //   $matchN.caseK = False
      //   if test: binds; if guard: $matchN.caseK = True
      //   if $matchN.caseK: body else: rest
      SourceRange r = span(it->range, it->guard->range());
      std::string flag = name + ".case" + std::to_string(cases.rend() - it - 1);
      auto setFlag = [&](Block &into, bool v) {
        std::vector<ExprPtr> to;
        to.push_back(std::make_unique<NameExpr>(r, flag));
        into.push_back(std::make_unique<AssignStmt>(r, std::move(to),
                                                    std::make_unique<BoolLitExpr>(r, v)));
      };
      setFlag(here, false);
      Block matched, guarded;
      bind(matched);
      setFlag(guarded, true);
      matched.push_back(std::make_unique<IfStmt>(it->guard->range(), std::move(it->guard),
                                                 std::move(guarded), Block()));
      here.push_back(std::make_unique<IfStmt>(r, std::move(cond), std::move(matched), Block()));
      for (StmtPtr &st : it->body)
        body.push_back(std::move(st));
      here.push_back(std::make_unique<IfStmt>(r, std::make_unique<NameExpr>(r, flag),
                                              std::move(body), std::move(rest)));
      rest = std::move(here);
      continue;
    }
    bind(it->guard ? here : body);
    for (StmtPtr &st : it->body)
      body.push_back(std::move(st));
    if (it->guard) {
      if (cond) {
        SourceRange r = span(cond->range(), it->guard->range());
        std::vector<ExprPtr> both;
        both.push_back(std::move(cond));
        both.push_back(std::move(it->guard));
        cond = std::make_unique<BoolOpExpr>(r, BoolOpKind::And, std::move(both));
      } else {
        cond = std::move(it->guard);
      }
    }
    if (!cond) { // always matches: the cases after it are not reached
      for (StmtPtr &st : body)
        here.push_back(std::move(st));
    } else {
      SourceRange r = span(it->range, cond->range());
      here.push_back(std::make_unique<IfStmt>(r, std::move(cond), std::move(body),
                                              std::move(rest)));
    }
    rest = std::move(here);
  }
  for (StmtPtr &st : rest)
    out.push_back(std::move(st));
  return true;
}

// pattern: closed_pattern ('|' closed_pattern)* ['as' NAME].
bool Parser::parsePattern(const std::string &subject, Pattern &out) {
  std::vector<Pattern> alternatives;
  do {
    Pattern p;
    if (!parseClosedPattern(subject, p))
      return false;
    if (!alternatives.empty() && !alternatives.back().test)
      return error(alternatives.back().range, "alternative patterns after an irrefutable one "
                                              "are unreachable"), false;
    auto names = [](const Pattern &q) {
      std::vector<std::string> v;
      for (const auto &b : q.binds)
        v.push_back(b.first);
      std::sort(v.begin(), v.end());
      return v;
    };
    if (!alternatives.empty() && names(p) != names(alternatives.front()))
      return error(p.range, "alternative patterns bind different names"), false;
    alternatives.push_back(std::move(p));
  } while (accept(TokenKind::Pipe));
  out.range = span(alternatives.front().range, alternatives.back().range);
  out.binds = std::move(alternatives.front().binds);
  if (alternatives.size() == 1) {
    out.test = std::move(alternatives.front().test);
  } else if (alternatives.back().test) {
    std::vector<ExprPtr> tests;
    for (Pattern &p : alternatives)
      tests.push_back(std::move(p.test));
    out.test = std::make_unique<BoolOpExpr>(out.range, BoolOpKind::Or, std::move(tests));
  } // (else the last alternative always matches: so does the pattern)
  if (accept(TokenKind::KwAs)) {
    if (!at(TokenKind::Identifier))
      return error(tok().range, "invalid pattern target: expected a name after 'as'"), false;
    Token target = consume();
    if (target.text == "_")
      return error(target.range, "cannot use '_' as a target"), false;
    out.binds.emplace_back(target.text.str(), target.range);
    out.range = span(out.range, target.range);
  }
  return true;
}

bool Parser::parseClosedPattern(const std::string &subject, Pattern &out) {
  const Token &t = tok();
  auto subjectRef = [&](SourceRange r) { return std::make_unique<NameExpr>(r, subject); };
  auto compare = [&](CompareOp op, ExprPtr value) {
    SourceRange r = value->range();
    std::vector<ExprPtr> operands;
    operands.push_back(subjectRef(r));
    operands.push_back(std::move(value));
    out.range = r;
    out.test = std::make_unique<CompareExpr>(r, std::vector<CompareOp>{op}, std::move(operands));
    if (op == CompareOp::Eq) {
      // `subject is not None and subject == value`: a subject that may be
      // None (numba's Optional) matches no literal, as in Python, rather
      // than being read as its number; for any other subject the first test
      // is decided when compiling.
      std::vector<ExprPtr> notNone;
      notNone.push_back(subjectRef(r));
      notNone.push_back(std::make_unique<NoneLitExpr>(r));
      std::vector<ExprPtr> both;
      both.push_back(std::make_unique<CompareExpr>(r, std::vector<CompareOp>{CompareOp::IsNot},
                                                   std::move(notNone)));
      both.push_back(std::move(out.test));
      out.test = std::make_unique<BoolOpExpr>(r, BoolOpKind::And, std::move(both));
    }
    return true;
  };
  const char *allowed = "match literals, constants, names, '_', '|' and 'as'";
  switch (t.kind) {
  case TokenKind::LParen: {
    Token open = consume();
    if (at(TokenKind::RParen))
      return unsupported(span(open.range, tok().range), "a sequence pattern", allowed), false;
    if (!parsePattern(subject, out))
      return false;
    if (at(TokenKind::Comma))
      return unsupported(span(open.range, tok().range), "a sequence pattern", allowed), false;
    Token close = tok();
    if (!expect(TokenKind::RParen, "')'"))
      return false;
    out.range = span(open.range, close.range);
    return true;
  }
  case TokenKind::LBracket:
  case TokenKind::Star:
    return unsupported(t.range, "a sequence pattern", allowed), false;
  case TokenKind::LBrace:
    return unsupported(t.range, "a mapping pattern", allowed), false;
  case TokenKind::KwNone:
    return compare(CompareOp::Is, std::make_unique<NoneLitExpr>(consume().range));
  case TokenKind::KwTrue:
  case TokenKind::KwFalse: {
    Token lit = consume();
    return compare(CompareOp::Is, std::make_unique<BoolLitExpr>(lit.range,
                                                                lit.is(TokenKind::KwTrue)));
  }
  case TokenKind::Identifier: {
    Token first = consume();
    ExprPtr value = std::make_unique<NameExpr>(first.range, first.text.str());
    while (at(TokenKind::Dot)) {
      consume();
      if (!at(TokenKind::Identifier))
        return error(tok().range, "invalid syntax: expected an attribute name"), false;
      Token attr = consume();
      value = std::make_unique<AttributeExpr>(span(value->range(), attr.range),
                                              std::move(value), attr.text.str());
    }
    if (at(TokenKind::LParen))
      return unsupported(span(value->range(), tok().range), "a class pattern", allowed), false;
    if (llvm::isa<AttributeExpr>(*value))
      return compare(CompareOp::Eq, std::move(value)); // a constant: Color.RED
    out.range = first.range;
    if (first.text != "_")
      out.binds.emplace_back(first.text.str(), first.range); // a capture: always matches
    return true;
  }
  case TokenKind::IntLiteral:
  case TokenKind::FloatLiteral:
  case TokenKind::ImagLiteral:
  case TokenKind::StringLiteral:
  case TokenKind::Minus: {
    // A literal: a number, -number, a complex real +/- imaginary, strings.
    ExprPtr lit = parseBinary(4);
    if (!lit)
      return false;
    auto number = [](const Expr &e) {
      const Expr *x = &e;
      if (auto *u = llvm::dyn_cast<UnaryExpr>(x); u && u->op == UnaryOp::Neg)
        x = u->operand.get();
      return llvm::isa<IntLitExpr, FloatLitExpr, ImagLitExpr>(*x);
    };
    auto *bin = llvm::dyn_cast<BinaryExpr>(lit.get());
    bool ok = llvm::isa<StrLitExpr>(*lit) || number(*lit) ||
              (bin && (bin->op == BinaryOp::Add || bin->op == BinaryOp::Sub) &&
               number(*bin->lhs) && llvm::isa<ImagLitExpr>(*bin->rhs));
    if (!ok)
      return error(lit->range(), "invalid pattern: a literal pattern is a number, a string, "
                                 "or a real number plus or minus an imaginary one"), false;
    return compare(CompareOp::Eq, std::move(lit));
  }
  default:
    return error(t.range, llvm::Twine("invalid pattern at '") + t.text + "'"), false;
  }
}

bool Parser::parseLoopElse(Block &orelse) {
  if (!accept(TokenKind::KwElse))
    return true;
  return expect(TokenKind::Colon, "':'") && parseBlock(orelse);
}

StmtPtr Parser::parseIf(SourceRange start) {
  ExprPtr cond = parseTest();
  if (!cond || !expect(TokenKind::Colon, "':'"))
    return nullptr;
  Block body, orelse;
  if (!parseBlock(body))
    return nullptr;
  if (at(TokenKind::KwElif)) {
    Token kw = consume();
    StmtPtr nested = parseIf(kw.range);
    if (!nested)
      return nullptr;
    orelse.push_back(std::move(nested));
  } else if (accept(TokenKind::KwElse)) {
    if (!expect(TokenKind::Colon, "':'") || !parseBlock(orelse))
      return nullptr;
  }
  return std::make_unique<IfStmt>(span(start, cond->range()), std::move(cond),
                                  std::move(body), std::move(orelse));
}

bool Parser::parseSimpleStatements(Block &out) {
  while (true) {
    StmtPtr s = parseSmallStatement();
    if (!s)
      return false;
    out.push_back(std::move(s));
    if (!accept(TokenKind::Semicolon))
      break;
    if (at(TokenKind::Newline))
      break;
  }
  if (at(TokenKind::Eof) || at(TokenKind::Dedent))
    return true;
  if (!at(TokenKind::Newline))
    return error(tok().range, "invalid syntax"), false;
  consume();
  return true;
}

StmtPtr Parser::parseSmallStatement() {
  const Token &t = tok();
  switch (t.kind) {
  case TokenKind::KwPass:
    return std::make_unique<PassStmt>(consume().range);
  case TokenKind::KwBreak:
    return std::make_unique<BreakStmt>(consume().range);
  case TokenKind::KwContinue:
    return std::make_unique<ContinueStmt>(consume().range);
  case TokenKind::KwReturn: {
    Token kw = consume();
    if (at(TokenKind::Newline) || at(TokenKind::Semicolon) || at(TokenKind::Eof))
      return std::make_unique<ReturnStmt>(kw.range, nullptr);
    ExprPtr v = parseTestList();
    if (!v)
      return nullptr;
    return std::make_unique<ReturnStmt>(span(kw.range, v->range()), std::move(v));
  }
  case TokenKind::KwRaise: {
    Token kw = consume();
    if (at(TokenKind::Newline) || at(TokenKind::Semicolon) || at(TokenKind::Eof))
      return unsupported(kw.range, "a bare 'raise' (re-raising; kernels have no 'except')");
    ExprPtr exc = parseTest();
    if (!exc)
      return nullptr;
    if (at(TokenKind::KwFrom))
      return unsupported(tok().range, "'raise ... from'");
    return std::make_unique<RaiseStmt>(span(kw.range, exc->range()), std::move(exc));
  }
  case TokenKind::KwGlobal:
  case TokenKind::KwNonlocal:
    return parseDeclaration();
  case TokenKind::KwDel:
    return unsupported(t.range, "a 'del' statement");
  case TokenKind::KwImport:
  case TokenKind::KwFrom:
    return unsupported(t.range, "an 'import' statement");
  case TokenKind::KwAssert: {
    Token kw = consume();
    ExprPtr test = parseTest();
    if (!test)
      return nullptr;
    ExprPtr message;
    if (accept(TokenKind::Comma)) {
      message = parseTest();
      if (!message)
        return nullptr;
    }
    SourceRange r = span(kw.range, (message ? message : test)->range());
    return std::make_unique<AssertStmt>(r, std::move(test), std::move(message));
  }
  case TokenKind::KwYield:
    return unsupported(t.range, "'yield'");
  default:
    return parseExprStatement();
  }
}

static bool isAugAssign(TokenKind k, BinaryOp &op) {
  switch (k) {
  case TokenKind::PlusEqual: op = BinaryOp::Add; return true;
  case TokenKind::MinusEqual: op = BinaryOp::Sub; return true;
  case TokenKind::StarEqual: op = BinaryOp::Mul; return true;
  case TokenKind::SlashEqual: op = BinaryOp::TrueDiv; return true;
  case TokenKind::DoubleSlashEqual: op = BinaryOp::FloorDiv; return true;
  case TokenKind::PercentEqual: op = BinaryOp::Mod; return true;
  case TokenKind::DoubleStarEqual: op = BinaryOp::Pow; return true;
  case TokenKind::AmpEqual: op = BinaryOp::BitAnd; return true;
  case TokenKind::PipeEqual: op = BinaryOp::BitOr; return true;
  case TokenKind::CaretEqual: op = BinaryOp::BitXor; return true;
  case TokenKind::LeftShiftEqual: op = BinaryOp::Shl; return true;
  case TokenKind::RightShiftEqual: op = BinaryOp::Shr; return true;
  case TokenKind::AtEqual: op = BinaryOp::MatMul; return true;
  default: return false;
  }
}

// `global a, b` / `nonlocal a`: nothing to run. The names read as they
// would without it (globals and enclosing variables are constants of the
// kernel, as numba.cuda freezes them); assigning one is refused, since the
// kernel cannot write the Python variable.
StmtPtr Parser::parseDeclaration() {
  Token kw = consume();
  bool nonlocal = kw.is(TokenKind::KwNonlocal);
  SourceRange r = kw.range;
  do {
    if (!at(TokenKind::Identifier))
      return error(tok().range, "invalid syntax: expected a name");
    Token name = consume();
    if (!declared.empty())
      declared.back()[name.text] = nonlocal;
    r = span(r, name.range);
  } while (accept(TokenKind::Comma));
  return std::make_unique<PassStmt>(r);
}

bool Parser::checkNotDeclared(const Expr *target) {
  if (auto *t = llvm::dyn_cast<TupleExpr>(target)) {
    for (const ExprPtr &x : t->elts)
      if (!checkNotDeclared(x.get()))
        return false;
    return true;
  }
  if (auto *s = llvm::dyn_cast<StarredExpr>(target))
    return checkNotDeclared(s->value.get());
  auto *n = llvm::dyn_cast<NameExpr>(target);
  if (!n || declared.empty())
    return true;
  auto it = declared.back().find(n->name);
  if (it == declared.back().end())
    return true;
  error(n->range(), "cannot assign to '" + n->name + "', declared " +
                        (it->second ? "nonlocal" : "global") +
                        ": a kernel reads " +
                        (it->second ? "an enclosing function's variables" : "globals") +
                        " as constants and cannot change them (numba.cuda freezes them too)");
  return false;
}

bool isAssignable(const Expr *e) {
  if (auto *t = llvm::dyn_cast<TupleExpr>(e)) {
    unsigned starred = 0;
    for (const ExprPtr &x : t->elts) {
      const Expr *target = x.get();
      if (auto *s = llvm::dyn_cast<StarredExpr>(target)) { // a, *rest = t
        target = s->value.get();
        ++starred;
      }
      if (!isAssignable(target) || llvm::isa<TupleExpr>(target) != llvm::isa<TupleExpr>(x.get()))
        return false;
    }
    return starred <= 1;
  }
  return llvm::isa<NameExpr, SubscriptExpr, AttributeExpr>(e);
}

// `name = lambda a, b=1: expr`: a nested def of `name` returning expr.
StmtPtr Parser::parseLambdaDef() {
  Token nameTok = consume();
  consume(); // =
  Token kw = consume();
  if (functionDepth > 1)
    return unsupported(kw.range, "a function defined inside a nested function");
  auto fn = std::make_unique<FunctionDef>();
  fn->name = nameTok.text.str();
  if (!parseParams(*fn, TokenKind::Colon, /*annotations=*/false) ||
      !expect(TokenKind::Colon, "':'"))
    return nullptr;
  ++functionDepth;
  ExprPtr body = parseTest();
  --functionDepth;
  if (!body)
    return nullptr;
  fn->range = span(nameTok.range, kw.range);
  SourceRange r = span(nameTok.range, body->range());
  fn->body.push_back(std::make_unique<ReturnStmt>(body->range(), std::move(body)));
  return std::make_unique<FunctionDefStmt>(r, std::move(fn));
}

StmtPtr Parser::parseExprStatement() {
  if (at(TokenKind::Identifier) && peekTok(1).is(TokenKind::Equal) &&
      peekTok(2).is(TokenKind::KwLambda))
    return parseLambdaDef();
  ExprPtr first = parseTestList();
  if (!first)
    return nullptr;
  BinaryOp op;
  if (isAugAssign(tok().kind, op)) {
    consume();
    if (!llvm::isa<NameExpr, SubscriptExpr, AttributeExpr>(first.get()))
      return error(first->range(), "invalid target for augmented assignment");
    if (!checkNotDeclared(first.get()))
      return nullptr;
    ExprPtr value = parseTestList();
    if (!value)
      return nullptr;
    SourceRange r = span(first->range(), value->range());
    return std::make_unique<AugAssignStmt>(r, std::move(first), op, std::move(value));
  }
  if (at(TokenKind::Colon)) {
    // `i: int = cuda.grid(1)`: the annotation is ignored (numba sees no
    // trace of it either); `x: float` alone declares nothing at run time.
    consume();
    if (!llvm::isa<NameExpr, SubscriptExpr, AttributeExpr>(first.get()))
      return error(first->range(), "only a single target can be annotated");
    if (!checkNotDeclared(first.get()))
      return nullptr;
    if (!parseTest())
      return nullptr;
    if (!accept(TokenKind::Equal))
      return std::make_unique<PassStmt>(first->range());
    ExprPtr value = parseTestList();
    if (!value)
      return nullptr;
    SourceRange r = span(first->range(), value->range());
    std::vector<ExprPtr> targets;
    targets.push_back(std::move(first));
    return std::make_unique<AssignStmt>(r, std::move(targets), std::move(value));
  }
  if (at(TokenKind::ColonEqual))
    return unsupported(tok().range, "the walrus operator ':='");
  if (!at(TokenKind::Equal)) {
    SourceRange r = first->range();
    return std::make_unique<ExprStmt>(r, std::move(first));
  }
  std::vector<ExprPtr> chain;
  chain.push_back(std::move(first));
  while (accept(TokenKind::Equal)) {
    ExprPtr next = parseTestList();
    if (!next)
      return nullptr;
    chain.push_back(std::move(next));
  }
  ExprPtr value = std::move(chain.back());
  chain.pop_back();
  for (const ExprPtr &target : chain) {
    if (!isAssignable(target.get()))
      return error(target->range(), "cannot assign to this expression");
    if (!checkNotDeclared(target.get()))
      return nullptr;
  }
  SourceRange r = span(chain.front()->range(), value->range());
  return std::make_unique<AssignStmt>(r, std::move(chain), std::move(value));
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

static bool startsExpression(TokenKind k) {
  switch (k) {
  case TokenKind::Newline: case TokenKind::Eof: case TokenKind::RParen:
  case TokenKind::RBracket: case TokenKind::RBrace: case TokenKind::Equal:
  case TokenKind::Colon: case TokenKind::Semicolon: case TokenKind::Dedent:
  case TokenKind::Indent:
    return false;
  default: {
    BinaryOp op;
    return !isAugAssign(k, op);
  }
  }
}

/// Whether \p k continues an expression after an operand: a binary or
/// comparison operator, a subscript, call or attribute.
static bool startsOperator(TokenKind k) {
  switch (k) {
  case TokenKind::LBracket: case TokenKind::LParen: case TokenKind::Dot:
  case TokenKind::Plus: case TokenKind::Minus: case TokenKind::Star:
  case TokenKind::Slash: case TokenKind::DoubleSlash: case TokenKind::Percent:
  case TokenKind::DoubleStar: case TokenKind::At: case TokenKind::Pipe:
  case TokenKind::Caret: case TokenKind::Amp: case TokenKind::LeftShift:
  case TokenKind::RightShift: case TokenKind::EqualEqual: case TokenKind::NotEqual:
  case TokenKind::Less: case TokenKind::LessEqual: case TokenKind::Greater:
  case TokenKind::GreaterEqual: case TokenKind::KwIn: case TokenKind::KwIs:
  case TokenKind::KwNot:
    return true;
  default:
    return false;
  }
}

bool Parser::skipToClose(TokenKind close, SourceRange &from) {
  std::vector<TokenKind> open{close};
  while (true) {
    TokenKind k = tok().kind;
    if (k == TokenKind::Eof || k == TokenKind::Error)
      return error(tok().range, "invalid syntax: unclosed bracket"), false;
    if (k == TokenKind::LParen || k == TokenKind::LBracket || k == TokenKind::LBrace) {
      open.push_back(k == TokenKind::LParen     ? TokenKind::RParen
                     : k == TokenKind::LBracket ? TokenKind::RBracket
                                                : TokenKind::RBrace);
    } else if (k == TokenKind::RParen || k == TokenKind::RBracket || k == TokenKind::RBrace) {
      if (k != open.back())
        return error(tok().range, "invalid syntax: unmatched bracket"), false;
      if (open.size() == 1)
        return true; // (the closing bracket is the caller's)
      open.pop_back();
    }
    from.end = tok().range.end;
    consume();
  }
}

ExprPtr Parser::parseLambda() {
  // In a kernel or device function's body: a nested def of its own (placed
  // before the statement by parseBlock), named by the expression. Elsewhere
  // (inside a nested function or lambda, a parameter's default): refused
  // where it is typed.
  if (functionDepth != 1 || blockDepth == 0)
    return skipLambda();
  Token kw = consume();
  auto fn = std::make_unique<FunctionDef>();
  fn->name = ("<lambda " + llvm::Twine(kw.range.begin.line) + ":" +
              llvm::Twine(kw.range.begin.col) + ">").str();
  if (!parseParams(*fn, TokenKind::Colon, /*annotations=*/false) ||
      !expect(TokenKind::Colon, "':'"))
    return nullptr;
  ++functionDepth;
  ExprPtr body = parseTest();
  --functionDepth;
  if (!body)
    return nullptr;
  fn->range = kw.range;
  SourceRange r = span(kw.range, body->range());
  fn->body.push_back(std::make_unique<ReturnStmt>(body->range(), std::move(body)));
  std::string name = fn->name;
  hoisted.push_back(std::make_unique<FunctionDefStmt>(r, std::move(fn)));
  return std::make_unique<NameExpr>(r, std::move(name));
}

ExprPtr Parser::skipLambda() {
  // `lambda a, b=(1, 2): body`: the parameters up to the colon outside
  // brackets (a default may hold one), then the body as a test.
  Token kw = consume();
  SourceRange r = kw.range;
  while (!at(TokenKind::Colon)) {
    TokenKind k = tok().kind;
    if (k == TokenKind::Eof || k == TokenKind::Newline || k == TokenKind::Error)
      return error(tok().range, "invalid syntax: a lambda needs ':'");
    Token t = consume();
    r.end = t.range.end;
    TokenKind close = k == TokenKind::LParen     ? TokenKind::RParen
                      : k == TokenKind::LBracket ? TokenKind::RBracket
                      : k == TokenKind::LBrace   ? TokenKind::RBrace
                                                 : TokenKind::Eof;
    if (close != TokenKind::Eof) {
      if (!skipToClose(close, r))
        return nullptr;
      r.end = consume().range.end;
    }
  }
  consume(); // ':'
  ExprPtr body = parseTest();
  if (!body)
    return nullptr;
  return deferred(span(r, body->range()), functionDepth > 1
                                             ? "a lambda inside a nested function or lambda"
                                             : "a 'lambda' expression here");
}

ExprPtr Parser::parseListAsTuple(bool loop, size_t parens) {
  // `for offset in [16, 8, 4, 2, 1]:` loops over the list's elements: the
  // same loop as over a tuple of them (unrolled), without making a list;
  // `n not in [3, 4]` tests against a tuple of them. CPython's compiler makes
  // both lists tuples (ast_opt.c's fold_iter), so numba sees tuples. A list
  // anywhere else is still unsupported.
  Token open = consume();
  std::vector<ExprPtr> elts;
  while (!at(TokenKind::RBracket)) {
    ExprPtr e = parseTest();
    if (!e)
      return nullptr;
    if (at(TokenKind::KwFor)) {
      SourceRange r = open.range;
      if (!skipToClose(TokenKind::RBracket, r))
        return nullptr;
      r.end = consume().range.end;
      return deferred(r, "a list comprehension", kListHint);
    }
    elts.push_back(std::move(e));
    if (!accept(TokenKind::Comma))
      break;
  }
  Token close = tok();
  if (!expect(TokenKind::RBracket, "']'"))
    return nullptr;
  // (inside `parens` parentheses, the list ends at the first `)`)
  bool ends = loop ? at(TokenKind::Colon)
                   : parens ? at(TokenKind::RParen) : !startsOperator(tok().kind);
  if (!ends || llvm::any_of(elts, [](const ExprPtr &e) { return llvm::isa<StarredExpr>(*e); }))
    return unsupported(open.range,
                       "a list display (other than the whole iterable of a 'for' loop or the "
                       "right operand of 'in')",
                       kListHint);
  return std::make_unique<TupleExpr>(span(open.range, close.range), std::move(elts));
}

ExprPtr Parser::parseStarred() {
  Token star = consume(); // '*'
  ExprPtr value = parseComparison();
  if (!value)
    return nullptr;
  return std::make_unique<StarredExpr>(span(star.range, value->range()), std::move(value));
}

ExprPtr Parser::parseTestList() {
  // An element may be starred, `*t`: a tuple's elements spliced in
  // (`(1, *t)`), or the target that takes the rest (`a, *rest = t`).
  auto element = [&]() -> ExprPtr { return at(TokenKind::Star) ? parseStarred() : parseTest(); };
  ExprPtr first = element();
  if (first && llvm::isa<StarredExpr>(first.get()) && !at(TokenKind::Comma))
    return error(first->range(), "a starred expression is allowed only in a tuple "
                                 "(write '*t,' for a tuple of t's elements)");
  if (!first || !at(TokenKind::Comma))
    return first;
  std::vector<ExprPtr> elts;
  SourceRange r = first->range();
  elts.push_back(std::move(first));
  while (accept(TokenKind::Comma)) {
    if (!startsExpression(tok().kind))
      break;
    ExprPtr e = element();
    if (!e)
      return nullptr;
    r.end = e->range().end;
    elts.push_back(std::move(e));
  }
  return std::make_unique<TupleExpr>(r, std::move(elts));
}

ExprPtr Parser::parseTest() {
  Nested level(*this);
  if (level.tooDeep())
    return tooDeep();
  if (at(TokenKind::KwLambda))
    return parseLambda();
  if (at(TokenKind::KwYield))
    return unsupported(tok().range, "'yield'");
  if (at(TokenKind::KwAwait))
    return unsupported(tok().range, "'await'");
  ExprPtr body = limitHeight(parseOrTest());
  if (body && at(TokenKind::ColonEqual))
    return unsupported(tok().range, "the walrus operator ':='");
  if (!body || !at(TokenKind::KwIf))
    return body;
  consume();
  ExprPtr cond = parseOrTest();
  if (!cond || !expect(TokenKind::KwElse, "'else' in conditional expression"))
    return nullptr;
  ExprPtr orelse = parseTest();
  if (!orelse)
    return nullptr;
  SourceRange r = span(body->range(), orelse->range());
  return limitHeight(
      std::make_unique<IfExpExpr>(r, std::move(cond), std::move(body), std::move(orelse)));
}

ExprPtr Parser::parseOrTest() {
  ExprPtr first = parseAndTest();
  if (!first || !at(TokenKind::KwOr))
    return first;
  std::vector<ExprPtr> values;
  values.push_back(std::move(first));
  while (accept(TokenKind::KwOr)) {
    ExprPtr e = parseAndTest();
    if (!e)
      return nullptr;
    values.push_back(std::move(e));
  }
  SourceRange r = span(values.front()->range(), values.back()->range());
  return std::make_unique<BoolOpExpr>(r, BoolOpKind::Or, std::move(values));
}

ExprPtr Parser::parseAndTest() {
  ExprPtr first = parseNotTest();
  if (!first || !at(TokenKind::KwAnd))
    return first;
  std::vector<ExprPtr> values;
  values.push_back(std::move(first));
  while (accept(TokenKind::KwAnd)) {
    ExprPtr e = parseNotTest();
    if (!e)
      return nullptr;
    values.push_back(std::move(e));
  }
  SourceRange r = span(values.front()->range(), values.back()->range());
  return std::make_unique<BoolOpExpr>(r, BoolOpKind::And, std::move(values));
}

ExprPtr Parser::parseNotTest() {
  if (at(TokenKind::KwNot)) {
    Nested level(*this);
    if (level.tooDeep())
      return tooDeep();
    Token kw = consume();
    ExprPtr e = parseNotTest();
    if (!e)
      return nullptr;
    return std::make_unique<UnaryExpr>(span(kw.range, e->range()), UnaryOp::Not, std::move(e));
  }
  return parseComparison();
}

ExprPtr Parser::parseComparison() {
  ExprPtr first = parseBinary(0);
  if (!first)
    return nullptr;
  std::vector<CompareOp> ops;
  std::vector<ExprPtr> operands;
  operands.push_back(std::move(first));
  while (true) {
    CompareOp op;
    switch (tok().kind) {
    case TokenKind::EqualEqual: op = CompareOp::Eq; break;
    case TokenKind::NotEqual: op = CompareOp::NotEq; break;
    case TokenKind::Less: op = CompareOp::Lt; break;
    case TokenKind::LessEqual: op = CompareOp::LtE; break;
    case TokenKind::Greater: op = CompareOp::Gt; break;
    case TokenKind::GreaterEqual: op = CompareOp::GtE; break;
    case TokenKind::KwIn: op = CompareOp::In; break;
    case TokenKind::KwIs:
      op = peekTok().is(TokenKind::KwNot) ? CompareOp::IsNot : CompareOp::Is;
      break;
    case TokenKind::KwNot:
      if (!peekTok().is(TokenKind::KwIn))
        goto done;
      op = CompareOp::NotIn;
      break;
    default:
      goto done;
    }
    consume();
    if (op == CompareOp::IsNot || op == CompareOp::NotIn)
      consume();
    {
      // `x in [3, 4]`, also parenthesized (`x in ([3, 4])`: the same AST).
      size_t parens = 0;
      while (peekTok(parens).is(TokenKind::LParen))
        ++parens;
      bool list = (op == CompareOp::In || op == CompareOp::NotIn) &&
                  peekTok(parens).is(TokenKind::LBracket);
      ExprPtr rhs;
      if (list) {
        for (size_t k = 0; k < parens; ++k)
          consume();
        Token open = tok();
        rhs = parseListAsTuple(false, parens);
        for (size_t k = 0; rhs && k < parens; ++k)
          if (!expect(TokenKind::RParen, "')'"))
            return nullptr;
        if (rhs && parens && startsOperator(tok().kind)) // ([3, 4]) + y: a list operand
          return unsupported(open.range,
                             "a list display (other than the whole iterable of a 'for' "
                             "loop or the right operand of 'in')",
                             kListHint);
      } else {
        rhs = parseBinary(0);
      }
      if (!rhs)
        return nullptr;
      ops.push_back(op);
      operands.push_back(std::move(rhs));
    }
  }
done:
  if (ops.empty())
    return std::move(operands[0]);
  SourceRange r = span(operands.front()->range(), operands.back()->range());
  return std::make_unique<CompareExpr>(r, std::move(ops), std::move(operands));
}

// Binary operator levels, loosest first: | ^ & shifts additive multiplicative.
static bool binaryOpAtLevel(int level, TokenKind k, BinaryOp &op) {
  switch (level) {
  case 0: if (k == TokenKind::Pipe) { op = BinaryOp::BitOr; return true; } return false;
  case 1: if (k == TokenKind::Caret) { op = BinaryOp::BitXor; return true; } return false;
  case 2: if (k == TokenKind::Amp) { op = BinaryOp::BitAnd; return true; } return false;
  case 3:
    if (k == TokenKind::LeftShift) { op = BinaryOp::Shl; return true; }
    if (k == TokenKind::RightShift) { op = BinaryOp::Shr; return true; }
    return false;
  case 4:
    if (k == TokenKind::Plus) { op = BinaryOp::Add; return true; }
    if (k == TokenKind::Minus) { op = BinaryOp::Sub; return true; }
    return false;
  case 5:
    switch (k) {
    case TokenKind::Star: op = BinaryOp::Mul; return true;
    case TokenKind::Slash: op = BinaryOp::TrueDiv; return true;
    case TokenKind::DoubleSlash: op = BinaryOp::FloorDiv; return true;
    case TokenKind::Percent: op = BinaryOp::Mod; return true;
    case TokenKind::At: op = BinaryOp::MatMul; return true;
    default: return false;
    }
  default:
    return false;
  }
}

ExprPtr Parser::parseBinary(int level) {
  if (level > 5)
    return parseFactor();
  ExprPtr lhs = parseBinary(level + 1);
  if (!lhs)
    return nullptr;
  BinaryOp op;
  while (binaryOpAtLevel(level, tok().kind, op)) {
    Token opTok = consume();
    if (op == BinaryOp::MatMul)
      return unsupported(opTok.range, "the matrix multiplication operator '@'");
    ExprPtr rhs = parseBinary(level + 1);
    if (!rhs)
      return nullptr;
    SourceRange r = span(lhs->range(), rhs->range());
    lhs = std::make_unique<BinaryExpr>(r, op, std::move(lhs), std::move(rhs));
  }
  return lhs;
}

ExprPtr Parser::parseFactor() {
  UnaryOp op;
  switch (tok().kind) {
  case TokenKind::Minus: op = UnaryOp::Neg; break;
  case TokenKind::Plus: op = UnaryOp::Pos; break;
  case TokenKind::Tilde: op = UnaryOp::Invert; break;
  default:
    return parsePower();
  }
  Nested level(*this);
  if (level.tooDeep())
    return tooDeep();
  Token t = consume();
  ExprPtr operand = parseFactor();
  if (!operand)
    return nullptr;
  if (auto *lit = llvm::dyn_cast<BoolLitExpr>(operand.get()); lit && op == UnaryOp::Invert)
    // CPython folds `~True` to the int -2 (bool's __invert__ is int's) before
    // numba sees it; `~b` of a bool value is logical not, as numba's.
    return std::make_unique<IntLitExpr>(span(t.range, operand->range()), lit->value ? -2 : -1,
                                        false);
  return std::make_unique<UnaryExpr>(span(t.range, operand->range()), op, std::move(operand));
}

ExprPtr Parser::parsePower() {
  ExprPtr base = parsePrimary();
  if (!base || !at(TokenKind::DoubleStar))
    return base;
  Nested level(*this); // a ** b ** c: right-associative, a level each
  if (level.tooDeep())
    return tooDeep();
  consume();
  ExprPtr exp = parseFactor(); // right-associative, binds tighter than unary on the left
  if (!exp)
    return nullptr;
  SourceRange r = span(base->range(), exp->range());
  return std::make_unique<BinaryExpr>(r, BinaryOp::Pow, std::move(base), std::move(exp));
}

ExprPtr Parser::parsePrimary() {
  ExprPtr e = parseAtom();
  while (e) {
    if (at(TokenKind::Dot)) {
      consume();
      if (!at(TokenKind::Identifier))
        return error(tok().range, "invalid syntax: expected an attribute name");
      Token name = consume();
      e = std::make_unique<AttributeExpr>(span(e->range(), name.range), std::move(e),
                                          name.text.str());
    } else if (at(TokenKind::LParen)) {
      consume();
      std::vector<ExprPtr> args;
      std::vector<Keyword> kws;
      if (!parseCallArgs(*e, args, kws))
        return nullptr;
      Token close = tok();
      if (!expect(TokenKind::RParen, "')'"))
        return nullptr;
      e = std::make_unique<CallExpr>(span(e->range(), close.range), std::move(e),
                                     std::move(args), std::move(kws));
    } else if (at(TokenKind::LBracket)) {
      consume();
      ExprPtr index = parseSubscriptIndex();
      if (!index)
        return nullptr;
      Token close = tok();
      if (!expect(TokenKind::RBracket, "']'"))
        return nullptr;
      e = std::make_unique<SubscriptExpr>(span(e->range(), close.range), std::move(e),
                                          std::move(index));
    } else {
      break;
    }
  }
  return e;
}

bool Parser::parseCallArgs(const Expr &callee, std::vector<ExprPtr> &args,
                           std::vector<Keyword> &kws) {
  while (!at(TokenKind::RParen)) {
    if (at(TokenKind::LBracket) && allocatesKernelArray(callee))
      // (the general hint says to call cuda.shared.array, called here)
      return error(tok().range, "the shape of a shared or local array is an int or a tuple "
                                "of ints, not a list: write (rows, columns), not [rows, "
                                "columns]"),
             false;
    if (at(TokenKind::LBracket) && makesArray(callee))
      return unsupported(tok().range, "a list display", kAllocationHint), false;
    if (at(TokenKind::DoubleStar))
      return unsupported(tok().range, "keyword argument unpacking ('**')"), false;
    if (at(TokenKind::Star)) {
      Token star = consume();
      ExprPtr v = parseTest();
      if (!v)
        return false;
      // f(k=1, *t) is f(*t, k=1): Python allows it, and evaluates every
      // positional argument (t too) before the keywords.
      SourceRange r = span(star.range, v->range());
      args.push_back(std::make_unique<StarredExpr>(r, std::move(v)));
      if (!accept(TokenKind::Comma))
        break;
      continue;
    }
    if (at(TokenKind::Identifier) && peekTok().is(TokenKind::Equal)) {
      Token name = consume();
      consume();
      ExprPtr v = parseTest();
      if (!v)
        return false;
      kws.push_back({name.text.str(), name.range, std::move(v)});
    } else {
      if (!kws.empty())
        return error(tok().range, "positional argument follows keyword argument"), false;
      ExprPtr v = parseTest();
      if (!v)
        return false;
      if (at(TokenKind::KwFor)) { // sum(x for x in t): the call's only argument
        SourceRange r = v->range();
        if (!skipToClose(TokenKind::RParen, r))
          return false;
        args.push_back(deferred(r, "a generator expression", "write a for loop"));
        break;
      }
      args.push_back(std::move(v));
    }
    if (!accept(TokenKind::Comma))
      break;
  }
  return true;
}

ExprPtr Parser::parseSliceOrTest() {
  SourceRange start = tok().range;
  ExprPtr lo;
  if (!at(TokenKind::Colon)) {
    lo = parseTest();
    if (!lo || !at(TokenKind::Colon))
      return lo;
  }
  consume(); // ':'
  ExprPtr hi, step;
  if (!at(TokenKind::Colon) && !at(TokenKind::Comma) && !at(TokenKind::RBracket)) {
    hi = parseTest();
    if (!hi)
      return nullptr;
  }
  if (accept(TokenKind::Colon) && !at(TokenKind::Comma) && !at(TokenKind::RBracket)) {
    step = parseTest();
    if (!step)
      return nullptr;
  }
  SourceRange r(start.begin, tokens[index - 1].range.end);
  return std::make_unique<SliceExpr>(r, std::move(lo), std::move(hi), std::move(step));
}

ExprPtr Parser::parseSubscriptIndex() {
  // An element may be starred (PEP 646, Python 3.11): `a[*t]` is a[(*t,)],
  // `a[i, *t]` a[(i, *t)].
  auto element = [&]() -> ExprPtr {
    return at(TokenKind::Star) ? parseStarred() : parseSliceOrTest();
  };
  ExprPtr first = element();
  if (!first || (!at(TokenKind::Comma) && !llvm::isa<StarredExpr>(first.get())))
    return first;
  std::vector<ExprPtr> elts;
  SourceRange r = first->range();
  elts.push_back(std::move(first));
  while (accept(TokenKind::Comma)) {
    if (at(TokenKind::RBracket))
      break;
    ExprPtr e = element();
    if (!e)
      return nullptr;
    r.end = e->range().end;
    elts.push_back(std::move(e));
  }
  return std::make_unique<TupleExpr>(r, std::move(elts));
}

static std::string decodeString(llvm::StringRef raw) {
  size_t q = raw.find_first_of("\"'");
  bool isRaw = raw.substr(0, q).find_first_of("rR") != llvm::StringRef::npos;
  // In bytes, \xhh and \ooo are one byte each, and \u, \U, \N no escapes.
  bool isBytes = raw.substr(0, q).find_first_of("bB") != llvm::StringRef::npos;
  llvm::StringRef body = raw.substr(q);
  size_t quoteLen = body.size() >= 6 && body[1] == body[0] && body[2] == body[0] ? 3 : 1;
  body = body.drop_front(quoteLen).drop_back(quoteLen);
  if (isRaw)
    return body.str();
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char n = body[++i];
    // \ooo (octal), \xhh, \uxxxx, \Uxxxxxxxx: the code point, as UTF-8.
    auto codePoint = [&](size_t digits, unsigned base) {
      size_t len = 0;
      unsigned long cp = 0;
      while (len < digits && i + 1 + len < body.size() &&
             llvm::isHexDigit(body[i + 1 + len]) &&
             (base == 16 || (body[i + 1 + len] >= '0' && body[i + 1 + len] <= '7')))
        cp = cp * base + llvm::hexDigitValue(body[i + 1 + len++]);
      return std::make_pair(len, cp);
    };
    auto append = [&](unsigned long cp) {
      char buf[8];
      char *ptr = buf;
      if (cp <= 0x10FFFF && llvm::ConvertCodePointToUTF8(static_cast<llvm::UTF32>(cp), ptr)) {
        out.append(buf, ptr);
        return true;
      }
      return false;
    };
    switch (n) {
    case 'n': out += '\n'; break;
    case 't': out += '\t'; break;
    case 'r': out += '\r'; break;
    case 'a': out += '\a'; break;
    case 'b': out += '\b'; break;
    case 'f': out += '\f'; break;
    case 'v': out += '\v'; break;
    case '\\': out += '\\'; break;
    case '\'': out += '\''; break;
    case '"': out += '"'; break;
    case '\n': break;
    case 'x': case 'u': case 'U': {
      size_t want = n == 'x' ? 2 : n == 'u' ? 4 : 8;
      auto [len, cp] = codePoint(want, 16);
      if (isBytes && n == 'x' && len == want) {
        out += static_cast<char>(cp);
        i += len;
        break;
      }
      if (!(isBytes && n != 'x') && len == want && append(cp)) {
        i += len;
        break;
      }
      out += '\\';
      out += n;
      break;
    }
    case 'N': { // \N{EM DASH}: the character of that Unicode name
      size_t close = body.find('}', i + 1);
      std::optional<char32_t> cp;
      if (!isBytes && i + 1 < body.size() && body[i + 1] == '{' && close != llvm::StringRef::npos)
        cp = llvm::sys::unicode::nameToCodepointStrict(body.slice(i + 2, close));
      if (cp && append(*cp)) {
        i = close;
        break;
      }
      out += '\\';
      out += n;
      break;
    }
    default:
      if (n >= '0' && n <= '7') {
        --i; // the first digit is part of the number
        auto [len, cp] = codePoint(3, 8);
        if (isBytes)
          out += static_cast<char>(cp & 0xFF);
        else
          append(cp);
        i += len;
        break;
      }
      out += '\\';
      out += n;
      break;
    }
  }
  return out;
}

ExprPtr Parser::parseAtom() {
  Token t = tok();
  switch (t.kind) {
  case TokenKind::Identifier:
    consume();
    return std::make_unique<NameExpr>(t.range, t.text.str());
  case TokenKind::KwTrue:
    consume();
    return std::make_unique<BoolLitExpr>(t.range, true);
  case TokenKind::KwFalse:
    consume();
    return std::make_unique<BoolLitExpr>(t.range, false);
  case TokenKind::KwNone:
    consume();
    return std::make_unique<NoneLitExpr>(t.range);
  case TokenKind::IntLiteral: {
    consume();
    std::string digits;
    for (char c : t.text)
      if (c != '_')
        digits += c;
    unsigned radix = 10;
    llvm::StringRef s(digits);
    if (s.size() > 2 && s[0] == '0' && std::isalpha(static_cast<unsigned char>(s[1]))) {
      char p = static_cast<char>(std::tolower(s[1]));
      radix = p == 'x' ? 16 : p == 'o' ? 8 : 2;
      s = s.drop_front(2);
    } else if (s.size() > 1 && s[0] == '0' && s.find_first_not_of('0') != llvm::StringRef::npos) {
      return error(t.range, "leading zeros in decimal integer literals are not permitted");
    }
    unsigned long long value;
    if (llvm::getAsUnsignedInteger(s, radix, value))
      return error(t.range, "integer literal does not fit in 64 bits");
    return std::make_unique<IntLitExpr>(t.range, static_cast<int64_t>(value),
                                        value > uint64_t(INT64_MAX));
  }
  case TokenKind::ImagLiteral: {
    consume();
    std::string digits;
    for (char c : t.text.drop_back())
      if (c != '_')
        digits += c;
    return std::make_unique<ImagLitExpr>(t.range, std::strtod(digits.c_str(), nullptr));
  }
  case TokenKind::FloatLiteral: {
    consume();
    std::string digits;
    for (char c : t.text)
      if (c != '_')
        digits += c;
    errno = 0;
    double value = std::strtod(digits.c_str(), nullptr);
    return std::make_unique<FloatLitExpr>(t.range, value);
  }
  case TokenKind::StringLiteral: {
    // An f-string without replacement fields is its text ({{ and }} are
    // braces); with one, it is refused where it is typed.
    bool fields = false;
    auto piece = [&](const Token &s) {
      size_t q = s.text.find_first_of("\"'");
      llvm::StringRef prefix = s.text.substr(0, q);
      if (prefix.find_first_of("fF") == llvm::StringRef::npos)
        return decodeString(s.text);
      // The braces of the text as written ({{ is {, a single one a field),
      // then its escapes: \x7b is a brace character, not a field, and
      // \N{NAME}'s braces are the escape's.
      bool raw = prefix.find_first_of("rR") != llvm::StringRef::npos;
      llvm::StringRef quoted = s.text.substr(q);
      size_t quoteLen = quoted.size() >= 6 && quoted[1] == quoted[0] && quoted[2] == quoted[0] ? 3 : 1;
      llvm::StringRef inner = quoted.drop_front(quoteLen).drop_back(quoteLen);
      std::string kept;
      for (size_t i = 0; i < inner.size(); ++i) {
        char c = inner[i];
        if (!raw && c == '\\' && i + 1 < inner.size()) {
          size_t close = inner.find('}', i + 2);
          size_t end = inner[i + 1] == 'N' && i + 2 < inner.size() && inner[i + 2] == '{' &&
                               close != llvm::StringRef::npos
                           ? close
                           : i + 1;
          kept += inner.slice(i, end + 1).str();
          i = end;
          continue;
        }
        if ((c == '{' || c == '}') && i + 1 < inner.size() && inner[i + 1] == c)
          ++i;
        else if (c == '{' || c == '}')
          fields = true;
        kept += c;
      }
      std::string plain;
      for (char ch : prefix)
        if (ch != 'f' && ch != 'F')
          plain += ch;
      std::string quote = quoted.take_front(quoteLen).str();
      return decodeString(plain + quote + kept + quote);
    };
    consume();
    std::string value = piece(t);
    SourceRange r = t.range;
    while (at(TokenKind::StringLiteral)) { // implicit concatenation
      Token more = consume();
      value += piece(more);
      r.end = more.range.end;
    }
    if (fields)
      return deferred(r, "an f-string", kPrintValuesHint);
    bool bytes = t.text.find_first_of("bB") < t.text.find_first_of("\"'");
    return std::make_unique<StrLitExpr>(r, std::move(value), bytes);
  }
  case TokenKind::LParen: {
    consume();
    if (at(TokenKind::RParen)) {
      Token close = consume();
      return std::make_unique<TupleExpr>(span(t.range, close.range), std::vector<ExprPtr>{});
    }
    ExprPtr inner = parseTestList();
    if (!inner)
      return nullptr;
    if (at(TokenKind::KwFor)) {
      SourceRange r = t.range;
      if (!skipToClose(TokenKind::RParen, r))
        return nullptr;
      r.end = consume().range.end;
      return deferred(r, "a generator expression", "write a for loop");
    }
    Token close = tok();
    if (!expect(TokenKind::RParen, "')'"))
      return nullptr;
    if (auto *tuple = llvm::dyn_cast<TupleExpr>(inner.get()))
      return std::make_unique<TupleExpr>(span(t.range, close.range), std::move(tuple->elts));
    return inner;
  }
  case TokenKind::LBracket: {
    // `[a, b]`: a target as `a, b` is (TupleExpr::list), else refused
    // where it is typed; `[x for ...]`: a comprehension, refused there.
    consume();
    std::vector<ExprPtr> elts;
    while (!at(TokenKind::RBracket)) {
      ExprPtr e = at(TokenKind::Star) ? parseStarred() : parseTest();
      if (!e)
        return nullptr;
      if (at(TokenKind::KwFor) && elts.empty()) {
        SourceRange r = t.range;
        if (!skipToClose(TokenKind::RBracket, r))
          return nullptr;
        r.end = consume().range.end;
        return deferred(r, "a list comprehension", kListHint);
      }
      elts.push_back(std::move(e));
      if (!accept(TokenKind::Comma))
        break;
    }
    Token close = tok();
    if (!expect(TokenKind::RBracket, "']'"))
      return nullptr;
    return std::make_unique<TupleExpr>(span(t.range, close.range), std::move(elts),
                                       /*list=*/true);
  }
  case TokenKind::LBrace: {
    consume();
    SourceRange r = t.range;
    if (!skipToClose(TokenKind::RBrace, r))
      return nullptr;
    r.end = consume().range.end;
    return deferred(r, "a dict or set display");
  }
  case TokenKind::KwLambda:
    return parseLambda();
  case TokenKind::KwYield:
    return unsupported(t.range, "'yield'");
  case TokenKind::KwAwait:
    return unsupported(t.range, "'await'");
  case TokenKind::Dot:
    if (peekTok().is(TokenKind::Dot) && peekTok(2).is(TokenKind::Dot)) {
      consume();
      consume();
      Token last = consume();
      return std::make_unique<EllipsisExpr>(span(t.range, last.range));
    }
    return error(t.range, "invalid syntax: unexpected '.'");
  case TokenKind::Error:
    return error(t.range, "invalid syntax");
  case TokenKind::Newline:
  case TokenKind::Eof:
    return error(t.range, "invalid syntax: expected an expression");
  default:
    if (t.isKeyword())
      return error(t.range, llvm::Twine("invalid syntax: unexpected keyword '") + t.text + "'");
    return error(t.range, llvm::Twine("invalid syntax: unexpected '") + t.text + "'");
  }
}

} // namespace

std::unique_ptr<Module> pyjit::parseSource(const SourceFile &file, DiagnosticEngine &diags) {
  Parser parser(file, diags);
  if (diags.hasErrors())
    return nullptr; // lexer errors
  return parser.parseModule();
}
