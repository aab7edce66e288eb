//===- LiteralUnroll.cpp - numba's literal_unroll, by copying the loop body ===//
#include "pyjit/frontend/LiteralUnroll.h"
#include "pyjit/frontend/AssignedNames.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/STLExtras.h"
#include <iterator>
#include <string>
#include <vector>

using namespace pyjit;
using namespace pyjit::ast;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

/// The loop starting at `at` in `b` (nested blocks and defs searched too).
ForStmt *findLoop(Block &b, SourceLoc at) {
  for (StmtPtr &s : b) {
    Block *inner[2] = {nullptr, nullptr};
    if (auto *f = dyn_cast<ForStmt>(s.get())) {
      if (f->range().begin.line == at.line && f->range().begin.col == at.col)
        return f;
      inner[0] = &f->body, inner[1] = &f->orelse;
    } else if (auto *w = dyn_cast<WhileStmt>(s.get())) {
      inner[0] = &w->body, inner[1] = &w->orelse;
    } else if (auto *i = dyn_cast<IfStmt>(s.get())) {
      inner[0] = &i->body, inner[1] = &i->orelse;
    } else if (auto *d = dyn_cast<FunctionDefStmt>(s.get())) {
      inner[0] = &d->def->body;
    }
    for (Block *x : inner)
      if (ForStmt *found = x ? findLoop(*x, at) : nullptr)
        return found;
  }
  return nullptr;
}

/// Whether `b` has a statement of `kind` (break, continue) belonging to the
/// loop whose body it is (not to a loop nested in it).
bool jumps(const Block &b, Stmt::Kind kind) {
  for (const StmtPtr &s : b) {
    if (s->kind() == kind)
      return true;
    if (auto *i = dyn_cast<IfStmt>(s.get()); i && (jumps(i->body, kind) || jumps(i->orelse, kind)))
      return true;
    // (a nested loop's `else:` runs after it: its break/continue are ours)
    if (auto *f = dyn_cast<ForStmt>(s.get()); f && jumps(f->orelse, kind))
      return true;
    if (auto *w = dyn_cast<WhileStmt>(s.get()); w && jumps(w->orelse, kind))
      return true;
  }
  return false;
}

/// Whether `b` defines a function (a copy of the body would define it twice).
bool definesFunction(const Block &b) {
  for (const StmtPtr &s : b) {
    if (isa<FunctionDefStmt>(s.get()))
      return true;
    const Block *inner[2] = {nullptr, nullptr};
    if (auto *i = dyn_cast<IfStmt>(s.get()))
      inner[0] = &i->body, inner[1] = &i->orelse;
    else if (auto *f = dyn_cast<ForStmt>(s.get()))
      inner[0] = &f->body, inner[1] = &f->orelse;
    else if (auto *w = dyn_cast<WhileStmt>(s.get()))
      inner[0] = &w->body, inner[1] = &w->orelse;
    for (const Block *x : inner)
      if (x && definesFunction(*x))
        return true;
  }
  return false;
}

ExprPtr name(SourceRange r, const std::string &n) { return std::make_unique<NameExpr>(r, n); }

/// `flag = value`
StmtPtr setFlag(SourceRange r, const std::string &flag, bool value) {
  std::vector<ExprPtr> targets;
  targets.push_back(name(r, flag));
  return std::make_unique<AssignStmt>(r, std::move(targets), std::make_unique<BoolLitExpr>(r, value));
}

/// Each `break` of the loop in `b` sets `flag` first.
void flagBreaks(Block &b, const std::string &flag) {
  for (size_t i = 0; i < b.size(); ++i) {
    if (isa<BreakStmt>(b[i].get())) {
      b.insert(b.begin() + i, setFlag(b[i]->range(), flag, true));
      ++i;
    } else if (auto *s = dyn_cast<IfStmt>(b[i].get())) {
      flagBreaks(s->body, flag);
      flagBreaks(s->orelse, flag);
    } else if (auto *f = dyn_cast<ForStmt>(b[i].get())) {
      flagBreaks(f->orelse, flag);
    } else if (auto *w = dyn_cast<WhileStmt>(b[i].get())) {
      flagBreaks(w->orelse, flag);
    }
  }
}

class Unroller {
public:
  Unroller(FunctionDef &fn, const UnrollFacts &facts) : facts(facts) {
    forEachAssignedName(fn.body, [&](const std::string &n) { assigned.insert(n); },
                        [&](const FunctionDef &d) { assigned.insert(d.name); });
  }

  void block(Block &b) {
    for (size_t i = 0; i < b.size();) {
      if (auto *f = dyn_cast<ForStmt>(b[i].get())) {
        std::vector<StmtPtr> out;
        if (writeOut(*f, out)) {
          // The copies take the loop's place; they are walked in turn (a
          // literal_unroll loop inside the body is written out in each).
          b.erase(b.begin() + i);
          b.insert(b.begin() + i, std::make_move_iterator(out.begin()),
                   std::make_move_iterator(out.end()));
          continue;
        }
      }
      Stmt *s = b[i].get();
      if (auto *f = dyn_cast<ForStmt>(s)) {
        block(f->body);
        block(f->orelse);
      } else if (auto *w = dyn_cast<WhileStmt>(s)) {
        block(w->body);
        block(w->orelse);
      } else if (auto *c = dyn_cast<IfStmt>(s)) {
        block(c->body);
        block(c->orelse);
      } else if (auto *d = dyn_cast<FunctionDefStmt>(s)) {
        block(d->def->body);
      }
      ++i;
    }
  }

private:
  /// The tuple argument of `for v in literal_unroll(t)`, or null.
  const Expr *unrolledTuple(const ForStmt &f) const {
    auto *call = dyn_cast<CallExpr>(f.iter.get());
    if (!call || call->args.size() != 1 || !call->keywords.empty() ||
        !facts.isLiteralUnroll || !facts.isLiteralUnroll(*call->callee))
      return nullptr;
    return call->args[0].get();
  }

  std::optional<size_t> lengthOf(const Expr &tuple) const {
    if (auto *t = dyn_cast<TupleExpr>(&tuple)) {
      for (const ExprPtr &e : t->elts)
        if (isa<StarredExpr>(e.get()))
          return std::nullopt;
      return t->elts.size();
    }
    if (auto *n = dyn_cast<NameExpr>(&tuple); n && !assigned.count(n->name) && facts.tupleSize)
      return facts.tupleSize(n->name);
    return std::nullopt;
  }

  /// The statements that replace `f`, if it is a literal_unroll loop of a
  /// known length; false (nothing written) otherwise.
  bool writeOut(ForStmt &f, std::vector<StmtPtr> &out) {
    const Expr *tuple = unrolledTuple(f);
    std::optional<size_t> n = tuple ? lengthOf(*tuple) : std::nullopt;
    if (!n || !facts.reparse || definesFunction(f.body))
      return false; // (a def in the body: one loop, of the unified type)
    const SourceRange r = f.range();
    const bool breaks = jumps(f.body, Stmt::Kind::Break);
    const bool continues = jumps(f.body, Stmt::Kind::Continue);
    std::string flag = breaks ? "$broken" + std::to_string(names) : "";
    // A tuple written in place is evaluated once, before the loop, as Python
    // does: into `$tuple<n>`, which the copies index. One of literals alone
    // with a string among them is indexed where it is, so each copy's string
    // stays a compile-time value (`if op == "add":` decided per copy; in a
    // variable it would be a string known at run time).
    auto literal = [](const ExprPtr &x) {
      const Expr *e = x.get();
      if (auto *u = dyn_cast<UnaryExpr>(e); u && u->op == UnaryOp::Neg)
        e = u->operand.get();
      return isa<StrLitExpr, IntLitExpr, FloatLitExpr, ImagLitExpr, BoolLitExpr, NoneLitExpr>(*e);
    };
    const auto *te = dyn_cast<TupleExpr>(tuple);
    bool strings = te && llvm::all_of(te->elts, literal) &&
                   llvm::any_of(te->elts, [](const ExprPtr &x) { return isa<StrLitExpr>(*x); });
    std::string written = te && !strings ? "$tuple" + std::to_string(names) : "";
    auto notBroken = [&] {
      return std::make_unique<UnaryExpr>(r, UnaryOp::Not, name(r, flag));
    };
    std::vector<StmtPtr> copies;
    for (size_t k = 0; k < *n; ++k) {
      std::unique_ptr<Module> copy = facts.reparse();
      ForStmt *fk = nullptr;
      if (copy)
        for (auto &def : copy->functions)
          if (!fk)
            fk = findLoop(def->body, r.begin);
      if (!fk)
        return false;
      ExprPtr t = std::move(cast<CallExpr>(fk->iter.get())->args[0]);
      SourceRange tr = t->range();
      if (!written.empty())
        t = name(tr, written);
      ExprPtr value = std::make_unique<SubscriptExpr>(
          tr, std::move(t), std::make_unique<IntLitExpr>(tr, static_cast<int64_t>(k)));
      Block body;
      SourceRange targetRange = fk->target->range();
      std::vector<ExprPtr> targets;
      targets.push_back(std::move(fk->target));
      body.push_back(std::make_unique<AssignStmt>(targetRange, std::move(targets), std::move(value)));
      for (StmtPtr &s : fk->body)
        body.push_back(std::move(s));
      if (breaks)
        flagBreaks(body, flag);
      Block piece;
      if (breaks || continues) { // `for $unroll in range(1):` ends the copy at either
        std::vector<ExprPtr> args;
        args.push_back(std::make_unique<IntLitExpr>(r, 1));
        piece.push_back(std::make_unique<ForStmt>(
            r, name(r, "$unroll"),
            std::make_unique<CallExpr>(r, name(r, "range"), std::move(args),
                                       std::vector<Keyword>{}),
            std::move(body)));
      } else {
        piece = std::move(body);
      }
      if (breaks && k > 0) {
        copies.push_back(std::make_unique<IfStmt>(r, notBroken(), std::move(piece), Block{}));
      } else {
        for (StmtPtr &s : piece)
          copies.push_back(std::move(s));
      }
    }
    ++names;
    if (breaks)
      out.push_back(setFlag(r, flag, false));
    if (!written.empty()) {
      ExprPtr &arg = cast<CallExpr>(f.iter.get())->args[0];
      SourceRange ar = arg->range();
      std::vector<ExprPtr> targets;
      targets.push_back(name(ar, written));
      out.push_back(std::make_unique<AssignStmt>(ar, std::move(targets), std::move(arg)));
    }
    for (StmtPtr &s : copies)
      out.push_back(std::move(s));
    if (!f.orelse.empty()) { // run when no `break` ended the loop
      if (breaks) {
        out.push_back(std::make_unique<IfStmt>(r, notBroken(), std::move(f.orelse), Block{}));
      } else {
        for (StmtPtr &s : f.orelse)
          out.push_back(std::move(s));
      }
    }
    return true;
  }

  const UnrollFacts &facts;
  llvm::StringSet<> assigned;
  unsigned names = 0; // numbers the $broken and $tuple variables
};

} // namespace

void pyjit::ast::unrollLiteralLoops(FunctionDef &fn, const UnrollFacts &facts) {
  Unroller(fn, facts).block(fn.body);
}
