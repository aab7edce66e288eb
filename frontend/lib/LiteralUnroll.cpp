//===- LiteralUnroll.cpp - numba's literal_unroll, by copying the loop body ===//
#include "pyjit/frontend/LiteralUnroll.h"
#include "pyjit/frontend/AssignedNames.h"
#include "llvm/ADT/StringMap.h"
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

/// The length of a tuple written in place (no `*` element), or none.
std::optional<size_t> displayLength(const Expr &e) {
  auto *t = dyn_cast<TupleExpr>(&e);
  if (!t || llvm::any_of(t->elts, [](const ExprPtr &x) { return isa<StarredExpr>(*x); }))
    return std::nullopt;
  return t->elts.size();
}

/// One function's names (the unrolled function's, or a nested def's): how
/// often each is assigned and, for a name every assignment of which is
/// `name = (a, b, ...)` of one length, that length (a local tuple, whose
/// length is known before typing).
struct Scope {
  llvm::StringMap<unsigned> assignments;
  llvm::StringMap<std::optional<size_t>> displays; // (none: lengths differ)
  llvm::StringMap<unsigned> displayCount;
  llvm::StringSet<> params;
  bool nested; // a nested def's (else the function's, whose parameters the facts know)

  Scope(const FunctionDef &fn, bool nested) : nested(nested) {
    forEachAssignedName(fn.body, [&](const std::string &n) { ++assignments[n]; },
                        [&](const FunctionDef &d) { ++assignments[d.name]; });
    walk(fn.body);
    for (const Param &p : fn.params)
      params.insert(p.name);
  }

  void walk(const Block &b) {
    for (const StmtPtr &st : b) {
      if (auto *a = dyn_cast<AssignStmt>(st.get())) {
        std::optional<size_t> n = displayLength(*a->value);
        for (const ExprPtr &t : a->targets)
          if (auto *name = dyn_cast<NameExpr>(t.get()); name && n) {
            auto [it, added] = displays.try_emplace(name->name, n);
            if (!added && it->second != n)
              it->second = std::nullopt;
            ++displayCount[name->name];
          }
      } else if (auto *i = dyn_cast<IfStmt>(st.get())) {
        walk(i->body), walk(i->orelse);
      } else if (auto *f = dyn_cast<ForStmt>(st.get())) {
        walk(f->body), walk(f->orelse);
      } else if (auto *w = dyn_cast<WhileStmt>(st.get())) {
        walk(w->body), walk(w->orelse);
      }
    }
  }

  /// The length a local tuple name always has, or none.
  std::optional<size_t> localLength(llvm::StringRef name) const {
    auto d = displays.find(name);
    auto c = displayCount.find(name);
    auto a = assignments.find(name);
    if (d == displays.end() || a == assignments.end() || c->second != a->second)
      return std::nullopt;
    return d->second;
  }
};

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

class Unroller {
public:
  Unroller(FunctionDef &fn, const UnrollFacts &facts) : facts(facts) {
    scopes.emplace_back(fn, /*nested=*/false);
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
        scopes.emplace_back(*d->def, /*nested=*/true);
        block(d->def->body);
        scopes.pop_back();
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

  /// The length of the tuple `tuple` is, known before typing: written in
  /// place; a local name that only `name = (a, b, ...)` of one length
  /// assigns (`local` set); a name of an enclosing function's that is such
  /// a local; or a parameter or global no assignment replaces (the facts').
  std::optional<size_t> lengthOf(const Expr &tuple, bool &local) const {
    local = false;
    if (isa<TupleExpr>(tuple))
      return displayLength(tuple);
    auto *n = dyn_cast<NameExpr>(&tuple);
    if (!n)
      return std::nullopt;
    for (auto s = scopes.rbegin(); s != scopes.rend(); ++s) {
      // A parameter's length: the facts' for the function's, unknown for a
      // nested def's (typed later).
      auto paramLength = [&]() -> std::optional<size_t> {
        return !s->nested && facts.tupleSize ? facts.tupleSize(n->name) : std::nullopt;
      };
      bool param = s->params.count(n->name);
      if (s->assignments.count(n->name)) {
        local = true;
        std::optional<size_t> length = s->localLength(n->name);
        if (!param)
          return length;
        // A parameter assigned too: the argument may reach the loop, so
        // both lengths must agree.
        std::optional<size_t> given = paramLength();
        return length && given && *length == *given ? length : std::nullopt;
      }
      if (param)
        return paramLength();
    }
    return facts.tupleSize ? facts.tupleSize(n->name) : std::nullopt;
  }

  /// The statements that replace `f`, if it is a literal_unroll loop of a
  /// known length; false (nothing written) otherwise.
  bool writeOut(ForStmt &f, std::vector<StmtPtr> &out) {
    const Expr *tuple = unrolledTuple(f);
    bool local = false;
    std::optional<size_t> n = tuple ? lengthOf(*tuple, local) : std::nullopt;
    if (!n || !facts.reparse || definesFunction(f.body))
      return false; // (a def in the body: one loop, of the unified type)
    const SourceRange r = f.range();
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
    // So is one of names no scope assigns (globals: `(f, g)` of device
    // functions, which no variable holds), `m.f` too: reading them again in
    // each copy reads the same values, with no side effects.
    bool stable = te && !te->elts.empty() && llvm::all_of(te->elts, [&](const ExprPtr &x) {
      const Expr *e = x.get();
      while (auto *a = dyn_cast<AttributeExpr>(e))
        e = a->value.get();
      auto *n = dyn_cast<NameExpr>(e);
      return n && llvm::none_of(scopes, [&](const Scope &sc) {
               return sc.assignments.count(n->name) || sc.params.count(n->name);
             });
    });
    // A local tuple is read once too: the body may assign the name again.
    std::string written =
        (te && !strings && !stable) || local ? "$tuple" + std::to_string(names) : "";
    std::string counter = "$unroll" + std::to_string(names);
    // The copies, last first: each `if $unroll<n> == k:` with the next
    // copies in its `else:` (the last copy is the innermost `else:`).
    Block chain;
    for (size_t k = *n; k-- > 0;) {
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
      if (k + 1 == *n) {
        chain = std::move(body);
        continue;
      }
      std::vector<ExprPtr> operands;
      operands.push_back(name(r, counter));
      operands.push_back(std::make_unique<IntLitExpr>(r, static_cast<int64_t>(k)));
      ExprPtr test = std::make_unique<CompareExpr>(r, std::vector<CompareOp>{CompareOp::Eq},
                                                   std::move(operands));
      Block next;
      next.push_back(std::make_unique<IfStmt>(r, std::move(test), std::move(body), std::move(chain)));
      chain = std::move(next);
    }
    ++names;
    if (!written.empty()) {
      ExprPtr &arg = cast<CallExpr>(f.iter.get())->args[0];
      SourceRange ar = arg->range();
      std::vector<ExprPtr> targets;
      targets.push_back(name(ar, written));
      out.push_back(std::make_unique<AssignStmt>(ar, std::move(targets), std::move(arg)));
    }
    if (chain.empty()) { // an empty tuple: no iteration, so the `else:` runs
      for (StmtPtr &s : f.orelse)
        out.push_back(std::move(s));
      return true;
    }
    // `for $unroll<n> in range(len(t)):` over the chain: a real loop, so
    // `break`, `continue` and `else:` are the loop's, and a variable carried
    // from one element to the next is the loop's phi, of the unified type of
    // every copy's assignments (numba's literal_unroll is such a loop, its
    // body versioned per element).
    std::vector<ExprPtr> args;
    args.push_back(std::make_unique<IntLitExpr>(r, static_cast<int64_t>(*n)));
    out.push_back(std::make_unique<ForStmt>(
        r, name(r, counter),
        std::make_unique<CallExpr>(r, name(r, "range"), std::move(args), std::vector<Keyword>{}),
        std::move(chain), std::move(f.orelse)));
    return true;
  }

  const UnrollFacts &facts;
  std::vector<Scope> scopes; // the function's, then each nested def's being walked
  unsigned names = 0; // numbers the $unroll and $tuple variables
};

} // namespace

void pyjit::ast::unrollLiteralLoops(FunctionDef &fn, const UnrollFacts &facts) {
  Unroller(fn, facts).block(fn.body);
}
