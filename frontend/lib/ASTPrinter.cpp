//===- ASTPrinter.cpp - Textual dump of the AST --------------------------===//
#include "pyjit/frontend/ASTPrinter.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/ADT/Twine.h"

using namespace pyjit;
using namespace pyjit::ast;
using llvm::cast;

const char *ast::binaryOpSpelling(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add: return "+";
  case BinaryOp::Sub: return "-";
  case BinaryOp::Mul: return "*";
  case BinaryOp::TrueDiv: return "/";
  case BinaryOp::FloorDiv: return "//";
  case BinaryOp::Mod: return "%";
  case BinaryOp::Pow: return "**";
  case BinaryOp::MatMul: return "@";
  case BinaryOp::BitAnd: return "&";
  case BinaryOp::BitOr: return "|";
  case BinaryOp::BitXor: return "^";
  case BinaryOp::Shl: return "<<";
  case BinaryOp::Shr: return ">>";
  }
  return "?";
}

const char *ast::compareOpSpelling(CompareOp op) {
  switch (op) {
  case CompareOp::Eq: return "==";
  case CompareOp::NotEq: return "!=";
  case CompareOp::Lt: return "<";
  case CompareOp::LtE: return "<=";
  case CompareOp::Gt: return ">";
  case CompareOp::GtE: return ">=";
  case CompareOp::Is: return "is";
  case CompareOp::IsNot: return "is not";
  case CompareOp::In: return "in";
  case CompareOp::NotIn: return "not in";
  }
  return "?";
}

namespace {
class Printer {
public:
  explicit Printer(llvm::raw_ostream &os) : os(os) {}

  void line(unsigned depth, const llvm::Twine &text, SourceRange r) {
    os.indent(depth * 2) << text << " @" << r.begin.line << ":" << r.begin.col << "\n";
  }

  void expr(const Expr &e, unsigned d) {
    switch (e.kind()) {
    case Expr::Kind::Name: line(d, "Name " + cast<NameExpr>(e).name, e.range()); return;
    case Expr::Kind::IntLit: line(d, "Int " + llvm::Twine(cast<IntLitExpr>(e).value), e.range()); return;
    case Expr::Kind::FloatLit: {
      std::string s;
      llvm::raw_string_ostream ss(s);
      ss << cast<FloatLitExpr>(e).value;
      line(d, "Float " + s, e.range());
      return;
    }
    case Expr::Kind::ImagLit: {
      std::string s;
      llvm::raw_string_ostream ss(s);
      ss << cast<ImagLitExpr>(e).value << "j";
      line(d, "Imag " + s, e.range());
      return;
    }
    case Expr::Kind::BoolLit: line(d, cast<BoolLitExpr>(e).value ? "Bool True" : "Bool False", e.range()); return;
    case Expr::Kind::NoneLit: line(d, "None", e.range()); return;
    case Expr::Kind::StrLit: {
      // (a bytes literal's bytes need not be UTF-8: then escaped, \xx)
      const std::string &v = cast<StrLitExpr>(e).value;
      std::string text;
      if (llvm::json::isUTF8(v)) {
        text = v;
      } else {
        llvm::raw_string_ostream os(text);
        llvm::printEscapedString(v, os);
      }
      line(d, "Str \"" + text + "\"", e.range());
      return;
    }
    case Expr::Kind::Unary: {
      auto &u = cast<UnaryExpr>(e);
      const char *names[] = {"-", "+", "not", "~"};
      line(d, llvm::Twine("Unary ") + names[static_cast<int>(u.op)], e.range());
      expr(*u.operand, d + 1);
      return;
    }
    case Expr::Kind::Binary: {
      auto &b = cast<BinaryExpr>(e);
      line(d, llvm::Twine("Binary ") + binaryOpSpelling(b.op), e.range());
      expr(*b.lhs, d + 1);
      expr(*b.rhs, d + 1);
      return;
    }
    case Expr::Kind::BoolOp: {
      auto &b = cast<BoolOpExpr>(e);
      line(d, b.op == BoolOpKind::And ? "BoolOp and" : "BoolOp or", e.range());
      for (auto &v : b.values)
        expr(*v, d + 1);
      return;
    }
    case Expr::Kind::Compare: {
      auto &c = cast<CompareExpr>(e);
      std::string ops;
      for (CompareOp op : c.ops)
        ops += std::string(" ") + compareOpSpelling(op);
      line(d, "Compare" + ops, e.range());
      for (auto &v : c.operands)
        expr(*v, d + 1);
      return;
    }
    case Expr::Kind::Call: {
      auto &c = cast<CallExpr>(e);
      line(d, "Call", e.range());
      expr(*c.callee, d + 1);
      for (auto &a : c.args)
        expr(*a, d + 1);
      for (auto &k : c.keywords) {
        line(d + 1, "Keyword " + k.name, k.range);
        expr(*k.value, d + 2);
      }
      return;
    }
    case Expr::Kind::Attribute: {
      auto &a = cast<AttributeExpr>(e);
      line(d, "Attribute ." + a.attr, e.range());
      expr(*a.value, d + 1);
      return;
    }
    case Expr::Kind::Subscript: {
      auto &s = cast<SubscriptExpr>(e);
      line(d, "Subscript", e.range());
      expr(*s.value, d + 1);
      expr(*s.index, d + 1);
      return;
    }
    case Expr::Kind::Tuple: {
      line(d, cast<TupleExpr>(e).list ? "Tuple (a list display)" : "Tuple", e.range());
      for (auto &v : cast<TupleExpr>(e).elts)
        expr(*v, d + 1);
      return;
    }
    case Expr::Kind::IfExp: {
      auto &i = cast<IfExpExpr>(e);
      line(d, "IfExp", e.range());
      expr(*i.cond, d + 1);
      expr(*i.body, d + 1);
      expr(*i.orelse, d + 1);
      return;
    }
    case Expr::Kind::Ellipsis:
      line(d, "Ellipsis", e.range());
      return;
    case Expr::Kind::Unsupported:
      line(d, "Unsupported '" + cast<UnsupportedExpr>(e).message + "'", e.range());
      return;
    case Expr::Kind::Starred:
      line(d, "Starred", e.range());
      expr(*cast<StarredExpr>(e).value, d + 1);
      return;
    case Expr::Kind::Slice: {
      auto &s = cast<SliceExpr>(e);
      line(d, "Slice", e.range());
      for (const ExprPtr *p : {&s.lower, &s.upper, &s.step})
        if (*p)
          expr(**p, d + 1);
      return;
    }
    }
  }

  void block(const Block &b, unsigned d) {
    for (const StmtPtr &s : b)
      stmt(*s, d);
  }

  void stmt(const Stmt &s, unsigned d) {
    switch (s.kind()) {
    case Stmt::Kind::Expr: line(d, "ExprStmt", s.range()); expr(*cast<ExprStmt>(s).expr, d + 1); return;
    case Stmt::Kind::Assign: {
      auto &a = cast<AssignStmt>(s);
      line(d, "Assign", s.range());
      for (auto &t : a.targets)
        expr(*t, d + 1);
      expr(*a.value, d + 1);
      return;
    }
    case Stmt::Kind::AugAssign: {
      auto &a = cast<AugAssignStmt>(s);
      line(d, llvm::Twine("AugAssign ") + binaryOpSpelling(a.op) + "=", s.range());
      expr(*a.target, d + 1);
      expr(*a.value, d + 1);
      return;
    }
    case Stmt::Kind::If: {
      auto &i = cast<IfStmt>(s);
      line(d, "If", s.range());
      expr(*i.cond, d + 1);
      os.indent((d + 1) * 2) << "then:\n";
      block(i.body, d + 2);
      if (!i.orelse.empty()) {
        os.indent((d + 1) * 2) << "else:\n";
        block(i.orelse, d + 2);
      }
      return;
    }
    case Stmt::Kind::While: {
      auto &w = cast<WhileStmt>(s);
      line(d, "While", s.range());
      expr(*w.cond, d + 1);
      block(w.body, d + 1);
      if (!w.orelse.empty()) {
        os.indent((d + 1) * 2) << "else:\n";
        block(w.orelse, d + 2);
      }
      return;
    }
    case Stmt::Kind::For: {
      auto &f = cast<ForStmt>(s);
      line(d, "For", s.range());
      expr(*f.target, d + 1);
      expr(*f.iter, d + 1);
      block(f.body, d + 1);
      if (!f.orelse.empty()) {
        os.indent((d + 1) * 2) << "else:\n";
        block(f.orelse, d + 2);
      }
      return;
    }
    case Stmt::Kind::Return: {
      auto &r = cast<ReturnStmt>(s);
      line(d, "Return", s.range());
      if (r.value)
        expr(*r.value, d + 1);
      return;
    }
    case Stmt::Kind::Break: line(d, "Break", s.range()); return;
    case Stmt::Kind::Continue: line(d, "Continue", s.range()); return;
    case Stmt::Kind::Pass: line(d, "Pass", s.range()); return;
    case Stmt::Kind::Def:
      line(d, "Def " + cast<FunctionDefStmt>(s).def->name, s.range());
      block(cast<FunctionDefStmt>(s).def->body, d + 1);
      return;
    case Stmt::Kind::Raise:
      line(d, "Raise", s.range());
      expr(*cast<RaiseStmt>(s).exc, d + 1);
      return;
    case Stmt::Kind::Assert: {
      auto &a = cast<AssertStmt>(s);
      line(d, "Assert", s.range());
      expr(*a.test, d + 1);
      if (a.message)
        expr(*a.message, d + 1);
      return;
    }
    }
  }

private:
  llvm::raw_ostream &os;
};
} // namespace

void pyjit::printAST(const Module &module, llvm::raw_ostream &os) {
  Printer p(os);
  for (const auto &fn : module.functions) {
    std::string params;
    for (const Param &param : fn->params)
      params += (params.empty() ? "" : ", ") + std::string(param.star ? "*" : "") + param.name;
    p.line(0, "FunctionDef " + fn->name + "(" + params + ")", fn->range);
    p.block(fn->body, 1);
  }
}

void pyjit::printAST(const Expr &expr, llvm::raw_ostream &os) { Printer(os).expr(expr, 0); }
