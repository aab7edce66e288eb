//===- AST.h - Abstract syntax tree of the kernel language ---------------===//
//
// Every node carries the SourceRange it was parsed from (as MLIR's Toy does),
// so every later layer can point a diagnostic at the user's line.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_FRONTEND_AST_H
#define PYJIT_FRONTEND_AST_H

#include "pyjit/frontend/SourceFile.h"
#include "llvm/Support/Casting.h"
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace pyjit::ast {

enum class BinaryOp { Add, Sub, Mul, TrueDiv, FloorDiv, Mod, Pow, MatMul,
                      BitAnd, BitOr, BitXor, Shl, Shr };
enum class UnaryOp { Neg, Pos, Not, Invert };
enum class CompareOp { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };
enum class BoolOpKind { And, Or };
/// Whether an operand of truth \p truth ends an `and`/`or` chain (Python
/// short-circuits there: falsy for `and`, truthy for `or`).
inline bool endsChain(BoolOpKind op, bool truth) { return truth == (op == BoolOpKind::Or); }

const char *binaryOpSpelling(BinaryOp op);
const char *compareOpSpelling(CompareOp op);

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

class Expr {
public:
  enum class Kind { Name, IntLit, FloatLit, ImagLit, BoolLit, NoneLit, StrLit, Unary,
                    Binary, BoolOp, Compare, Call, Attribute, Subscript, Tuple,
                    IfExp, Slice, Starred, Ellipsis, Unsupported };
  Expr(Kind kind, SourceRange range) : exprKind(kind), loc(range) {}
  virtual ~Expr() = default;
  Kind kind() const { return exprKind; }
  SourceRange range() const { return loc; }
  /// Levels of the tree below and at this node (1 for a leaf), as built:
  /// every pass over an expression recurses this deep, so the parser
  /// refuses one past kMaxExprHeight (Parser.h).
  unsigned height() const { return treeHeight; }

protected:
  void setHeight(std::initializer_list<const Expr *> children) {
    for (const Expr *c : children)
      if (c && c->treeHeight + 1 > treeHeight)
        treeHeight = c->treeHeight + 1;
  }
  void setHeight(const std::vector<std::unique_ptr<Expr>> &children) {
    for (const auto &c : children)
      setHeight({c.get()});
  }

private:
  Kind exprKind;
  SourceRange loc;
  unsigned treeHeight = 1;
};
using ExprPtr = std::unique_ptr<Expr>;

#define PYJIT_EXPR_CLASSOF(K)                                                  \
  static bool classof(const Expr *e) { return e->kind() == Expr::Kind::K; }

struct NameExpr : Expr {
  NameExpr(SourceRange r, std::string name) : Expr(Kind::Name, r), name(std::move(name)) {}
  PYJIT_EXPR_CLASSOF(Name)
  std::string name;
  /// After splitVariableWebs: a read of a local variable that no assignment
  /// reaches on any path (Python's UnboundLocalError there), in code not
  /// pruned.
  bool unbound = false;
};

struct IntLitExpr : Expr {
  IntLitExpr(SourceRange r, int64_t v, bool isUnsigned = false)
      : Expr(Kind::IntLit, r), value(v), isUnsigned(isUnsigned) {}
  PYJIT_EXPR_CLASSOF(IntLit)
  int64_t value;   // the bits; a literal above 2**63 - 1 has isUnsigned set
  bool isUnsigned; // 2**63 <= value < 2**64: a uint64 (numba)
};

struct FloatLitExpr : Expr {
  FloatLitExpr(SourceRange r, double v) : Expr(Kind::FloatLit, r), value(v) {}
  PYJIT_EXPR_CLASSOF(FloatLit)
  double value;
};

/// An imaginary literal `2.5j`: the complex number 0 + value*1j.
struct ImagLitExpr : Expr {
  ImagLitExpr(SourceRange r, double v) : Expr(Kind::ImagLit, r), value(v) {}
  PYJIT_EXPR_CLASSOF(ImagLit)
  double value;
};

struct BoolLitExpr : Expr {
  BoolLitExpr(SourceRange r, bool v) : Expr(Kind::BoolLit, r), value(v) {}
  PYJIT_EXPR_CLASSOF(BoolLit)
  bool value;
};

struct NoneLitExpr : Expr {
  explicit NoneLitExpr(SourceRange r) : Expr(Kind::NoneLit, r) {}
  PYJIT_EXPR_CLASSOF(NoneLit)
};

struct StrLitExpr : Expr {
  StrLitExpr(SourceRange r, std::string v, bool bytes = false)
      : Expr(Kind::StrLit, r), value(std::move(v)), bytes(bytes) {}
  PYJIT_EXPR_CLASSOF(StrLit)
  std::string value;
  bool bytes; // b"...": a bytes literal (never equal to a str)
};

struct UnaryExpr : Expr {
  UnaryExpr(SourceRange r, UnaryOp op, ExprPtr operand)
      : Expr(Kind::Unary, r), op(op), operand(std::move(operand)) {
    setHeight({this->operand.get()});
  }
  PYJIT_EXPR_CLASSOF(Unary)
  UnaryOp op;
  ExprPtr operand;
};

struct BinaryExpr : Expr {
  BinaryExpr(SourceRange r, BinaryOp op, ExprPtr lhs, ExprPtr rhs)
      : Expr(Kind::Binary, r), op(op), lhs(std::move(lhs)), rhs(std::move(rhs)) {
    setHeight({this->lhs.get(), this->rhs.get()});
  }
  PYJIT_EXPR_CLASSOF(Binary)
  BinaryOp op;
  ExprPtr lhs, rhs;
};

/// `a and b and c` / `a or b`: Python's short-circuit with value semantics.
struct BoolOpExpr : Expr {
  BoolOpExpr(SourceRange r, BoolOpKind op, std::vector<ExprPtr> values)
      : Expr(Kind::BoolOp, r), op(op), values(std::move(values)) {
    setHeight(this->values);
  }
  PYJIT_EXPR_CLASSOF(BoolOp)
  BoolOpKind op;
  std::vector<ExprPtr> values;
};

/// `a < b <= c`: operands.size() == ops.size() + 1.
struct CompareExpr : Expr {
  CompareExpr(SourceRange r, std::vector<CompareOp> ops, std::vector<ExprPtr> operands)
      : Expr(Kind::Compare, r), ops(std::move(ops)), operands(std::move(operands)) {
    setHeight(this->operands);
  }
  PYJIT_EXPR_CLASSOF(Compare)
  std::vector<CompareOp> ops;
  std::vector<ExprPtr> operands;
};

struct Keyword {
  std::string name;
  SourceRange range;
  ExprPtr value;
};

struct CallExpr : Expr {
  CallExpr(SourceRange r, ExprPtr callee, std::vector<ExprPtr> args, std::vector<Keyword> kw)
      : Expr(Kind::Call, r), callee(std::move(callee)), args(std::move(args)),
        keywords(std::move(kw)) {
    setHeight({this->callee.get()});
    setHeight(this->args);
    for (const Keyword &k : keywords)
      setHeight({k.value.get()});
  }
  PYJIT_EXPR_CLASSOF(Call)
  ExprPtr callee;
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
};

struct AttributeExpr : Expr {
  AttributeExpr(SourceRange r, ExprPtr value, std::string attr)
      : Expr(Kind::Attribute, r), value(std::move(value)), attr(std::move(attr)) {
    setHeight({this->value.get()});
  }
  PYJIT_EXPR_CLASSOF(Attribute)
  ExprPtr value;
  std::string attr;
};

struct SubscriptExpr : Expr {
  SubscriptExpr(SourceRange r, ExprPtr value, ExprPtr index)
      : Expr(Kind::Subscript, r), value(std::move(value)), index(std::move(index)) {
    setHeight({this->value.get(), this->index.get()});
  }
  PYJIT_EXPR_CLASSOF(Subscript)
  ExprPtr value;
  ExprPtr index; // a TupleExpr for a[i, j]
};

struct TupleExpr : Expr {
  TupleExpr(SourceRange r, std::vector<ExprPtr> elts, bool list = false)
      : Expr(Kind::Tuple, r), elts(std::move(elts)), list(list) {
    setHeight(this->elts);
  }
  PYJIT_EXPR_CLASSOF(Tuple)
  std::vector<ExprPtr> elts;
  /// Written `[a, b]`: an assignment or loop target (`[x, y] = p`, as
  /// CPython compiles `x, y = p`); as a value, type inference refuses it.
  bool list;
};

/// `body if cond else orelse`.
struct IfExpExpr : Expr {
  IfExpExpr(SourceRange r, ExprPtr cond, ExprPtr body, ExprPtr orelse)
      : Expr(Kind::IfExp, r), cond(std::move(cond)), body(std::move(body)),
        orelse(std::move(orelse)) {
    setHeight({this->cond.get(), this->body.get(), this->orelse.get()});
  }
  PYJIT_EXPR_CLASSOF(IfExp)
  ExprPtr cond, body, orelse;
};

/// `lo:hi:step` inside a subscript; any part may be null.
struct SliceExpr : Expr {
  SliceExpr(SourceRange r, ExprPtr lo, ExprPtr hi, ExprPtr step)
      : Expr(Kind::Slice, r), lower(std::move(lo)), upper(std::move(hi)), step(std::move(step)) {
    setHeight({lower.get(), upper.get(), this->step.get()});
  }
  PYJIT_EXPR_CLASSOF(Slice)
  ExprPtr lower, upper, step;
};

/// `*tup` as a call argument: the tuple's elements, in order.
struct StarredExpr : Expr {
  StarredExpr(SourceRange r, ExprPtr value) : Expr(Kind::Starred, r), value(std::move(value)) {
    setHeight({this->value.get()});
  }
  PYJIT_EXPR_CLASSOF(Starred)
  ExprPtr value;
};

/// `...` in an array index: as many whole dimensions as the other indices
/// leave (NumPy's Ellipsis).
struct EllipsisExpr : Expr {
  explicit EllipsisExpr(SourceRange r) : Expr(Kind::Ellipsis, r) {}
  PYJIT_EXPR_CLASSOF(Ellipsis)
};

/// A construct kernels do not support (an f-string with replacement fields,
/// a list comprehension, a dict or set display, a lambda, a generator
/// expression), parsed past and kept as its error: type inference reports
/// \c message where it types the expression, so a branch pruned when
/// compiling may hold one (`if DEBUG: print(f"{x}")`), as numba prunes such
/// branches before typing them.
struct UnsupportedExpr : Expr {
  UnsupportedExpr(SourceRange r, std::string message)
      : Expr(Kind::Unsupported, r), message(std::move(message)) {}
  PYJIT_EXPR_CLASSOF(Unsupported)
  std::string message; // the whole error: "<construct> is not supported in kernels; ..."
};

#undef PYJIT_EXPR_CLASSOF

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

class Stmt {
public:
  enum class Kind { Expr, Assign, AugAssign, If, While, For, Return, Break,
                    Continue, Pass, Assert, Raise, Def };
  Stmt(Kind kind, SourceRange range) : stmtKind(kind), loc(range) {}
  virtual ~Stmt() = default;
  Kind kind() const { return stmtKind; }
  SourceRange range() const { return loc; }

private:
  Kind stmtKind;
  SourceRange loc;
};
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

#define PYJIT_STMT_CLASSOF(K)                                                  \
  static bool classof(const Stmt *s) { return s->kind() == Stmt::Kind::K; }

struct ExprStmt : Stmt {
  ExprStmt(SourceRange r, ExprPtr e) : Stmt(Kind::Expr, r), expr(std::move(e)) {}
  PYJIT_STMT_CLASSOF(Expr)
  ExprPtr expr;
};

/// `t1 = t2 = value`; each target is a Name, Subscript, Attribute or Tuple.
struct AssignStmt : Stmt {
  AssignStmt(SourceRange r, std::vector<ExprPtr> targets, ExprPtr value)
      : Stmt(Kind::Assign, r), targets(std::move(targets)), value(std::move(value)) {}
  PYJIT_STMT_CLASSOF(Assign)
  std::vector<ExprPtr> targets;
  ExprPtr value;
};

struct AugAssignStmt : Stmt {
  AugAssignStmt(SourceRange r, ExprPtr target, BinaryOp op, ExprPtr value)
      : Stmt(Kind::AugAssign, r), target(std::move(target)), op(op), value(std::move(value)) {}
  PYJIT_STMT_CLASSOF(AugAssign)
  ExprPtr target;
  BinaryOp op;
  ExprPtr value;
  /// `x += v` of a local x after splitVariableWebs: the NameExpr read (one
  /// version, or a phi), and `target` (another version) is only written
  /// (`t = a[i]; u = t >> 1; t += 0.5`: numba's t and t.1). Null before, for
  /// other targets, and where no assignment reaches the read: the target
  /// is read and written.
  ExprPtr source;
};

/// `if`/`elif`/`else`: an elif chain nests as an IfStmt in `orelse`.
struct IfStmt : Stmt {
  IfStmt(SourceRange r, ExprPtr cond, Block body, Block orelse)
      : Stmt(Kind::If, r), cond(std::move(cond)), body(std::move(body)), orelse(std::move(orelse)) {}
  PYJIT_STMT_CLASSOF(If)
  ExprPtr cond;
  Block body, orelse;
};

/// `orelse`: the loop's `else:` block, run when the loop ends without
/// `break` (empty when there is none).
struct WhileStmt : Stmt {
  WhileStmt(SourceRange r, ExprPtr cond, Block body, Block orelse = {})
      : Stmt(Kind::While, r), cond(std::move(cond)), body(std::move(body)),
        orelse(std::move(orelse)) {}
  PYJIT_STMT_CLASSOF(While)
  ExprPtr cond;
  Block body, orelse;
};

struct ForStmt : Stmt {
  ForStmt(SourceRange r, ExprPtr target, ExprPtr iter, Block body, Block orelse = {})
      : Stmt(Kind::For, r), target(std::move(target)), iter(std::move(iter)), body(std::move(body)),
        orelse(std::move(orelse)) {}
  PYJIT_STMT_CLASSOF(For)
  ExprPtr target, iter;
  Block body, orelse;
};

struct ReturnStmt : Stmt {
  ReturnStmt(SourceRange r, ExprPtr value) : Stmt(Kind::Return, r), value(std::move(value)) {}
  PYJIT_STMT_CLASSOF(Return)
  ExprPtr value; // may be null
};

struct BreakStmt : Stmt {
  explicit BreakStmt(SourceRange r) : Stmt(Kind::Break, r) {}
  PYJIT_STMT_CLASSOF(Break)
};

struct ContinueStmt : Stmt {
  explicit ContinueStmt(SourceRange r) : Stmt(Kind::Continue, r) {}
  PYJIT_STMT_CLASSOF(Continue)
};

struct PassStmt : Stmt {
  explicit PassStmt(SourceRange r) : Stmt(Kind::Pass, r) {}
  PYJIT_STMT_CLASSOF(Pass)
};

/// `assert test[, message]`: checked in debug builds of a kernel.
struct AssertStmt : Stmt {
  AssertStmt(SourceRange r, ExprPtr test, ExprPtr message)
      : Stmt(Kind::Assert, r), test(std::move(test)), message(std::move(message)) {}
  PYJIT_STMT_CLASSOF(Assert)
  ExprPtr test;
  ExprPtr message; // may be null; a string literal otherwise
};

/// `raise Exc` or `raise Exc("message")`: reported to the host in debug
/// builds; otherwise the thread returns (numba.cuda).
struct RaiseStmt : Stmt {
  RaiseStmt(SourceRange r, ExprPtr exc) : Stmt(Kind::Raise, r), exc(std::move(exc)) {}
  PYJIT_STMT_CLASSOF(Raise)
  ExprPtr exc; // never null (a bare `raise` is refused by the parser)
};

#undef PYJIT_STMT_CLASSOF

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

struct Param {
  std::string name;
  SourceRange range;
  ExprPtr defaultValue; // null if none
  /// `*name`: the tuple of the positional arguments left over (a device
  /// function's; the last parameter).
  bool star = false;
};

struct FunctionDef {
  std::string name;
  SourceRange range;     // the `def name(...)` header
  std::vector<Param> params;
  Block body;
  /// After splitVariableWebs: per variable version (`x`, `x~1`), the phi
  /// variables it also writes (VariableWebs.h); empty before.
  std::map<std::string, std::vector<std::string>> phiTargets;
};

/// A `def` inside a function (or `name = lambda params: expr`, read as a def
/// whose body returns expr). One level deep: calls of it are inlined, and it
/// reads the enclosing function's variables at the call (Python's closures).
struct FunctionDefStmt : Stmt {
  FunctionDefStmt(SourceRange r, std::unique_ptr<FunctionDef> def)
      : Stmt(Kind::Def, r), def(std::move(def)) {}
  static bool classof(const Stmt *s) { return s->kind() == Stmt::Kind::Def; }
  std::unique_ptr<FunctionDef> def;
};

/// The parse of one source text: its top-level function definitions.
struct Module {
  std::vector<std::unique_ptr<FunctionDef>> functions;
};

} // namespace pyjit::ast

#endif
