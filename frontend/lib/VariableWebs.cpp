//===- VariableWebs.cpp - One variable per SSA version of a name -------===//
//
// Reaching definitions by abstract interpretation of the structured AST
// (statements in order; both arms of an `if` merged; a loop iterated until
// the definitions reaching its head stop growing, with `break` and
// `continue` states merged where they go), then a name per definition and
// per set of definitions that reach a use together (a phi).
//
//===----------------------------------------------------------------------===//
#include "pyjit/frontend/VariableWebs.h"
#include "pyjit/frontend/AssignedNames.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace pyjit::ast;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

/// Which definitions of each variable may reach a point; `live` is false
/// after a return, break, continue or raise (no path reaches it).
struct State {
  std::map<std::string, std::set<int>> defs;
  bool live = true;

  void merge(const State &other) {
    if (!other.live)
      return;
    if (!live) {
      *this = other;
      return;
    }
    for (const auto &[name, ids] : other.defs)
      defs[name].insert(ids.begin(), ids.end());
  }
  bool operator==(const State &o) const { return live == o.live && defs == o.defs; }
};

class Webs {
public:
  Webs(FunctionDef &fn, const KnownNames &known) : fn(fn), known(known) {}

  void run() {
    collectLocals(fn.body);
    for (const Param &p : fn.params) {
      locals.insert(p.name);
      int id = newDef(p.name, nullptr);
      cur.defs[p.name] = {id};
      paramDef[p.name] = id;
    }
    for (const std::string &n : excluded)
      locals.erase(n);
    block(fn.body);
    rename();
  }

private:
  struct Loop {
    std::vector<State> breaks, continues;
  };

  FunctionDef &fn;
  const KnownNames &known;
  std::map<std::string, int> paramDef; // a parameter's definition id
  std::set<std::string> locals;   // assigned somewhere in fn (Python: local throughout)
  std::set<std::string> excluded; // read or written by a nested def, or a def's name
  std::vector<std::string> defName;             // per definition id
  std::vector<NameExpr *> defNode;              // null for a parameter
  llvm::DenseMap<const NameExpr *, int> defIds; // a target's id, the same on every visit
  std::map<NameExpr *, std::set<int>> uses;     // node -> the definitions reaching it
  std::vector<AugAssignStmt *> augAssigns; // x += v of a local x (given a source)
  State cur;
  std::vector<Loop> loops;

  int newDef(const std::string &name, NameExpr *node) {
    defName.push_back(name);
    defNode.push_back(node);
    return static_cast<int>(defName.size()) - 1;
  }

  // -- the names of the function --------------------------------------------
  void collectLocals(const Block &b) {
    forEachAssignedName(b, [&](const std::string &n) { locals.insert(n); },
                        [&](const FunctionDef &d) { excludeFreeNames(d); });
  }
  // A nested def's parameters and the names it assigns are its own
  // (Python's scoping: a kernel cannot rebind an enclosing name); the others
  // it mentions are this function's, read at the call: one variable each.
  void excludeFreeNames(const FunctionDef &d) {
    excluded.insert(d.name);
    std::set<std::string> own;
    for (const Param &p : d.params)
      own.insert(p.name);
    forEachAssignedName(d.body, [&](const std::string &n) { own.insert(n); },
                        [&](const FunctionDef &inner) { own.insert(inner.name); });
    for (const StmtPtr &x : d.body)
      forEachExpr(*x, [&](const Expr &e) { excludeNamesIn(e, own); });
    for (const Param &p : d.params)
      if (p.defaultValue) // (evaluated here, where the def is)
        excludeNamesIn(*p.defaultValue, {});
  }
  void excludeNamesIn(const Expr &e, const std::set<std::string> &own) {
    if (auto *n = dyn_cast<NameExpr>(&e)) {
      if (!own.count(n->name))
        excluded.insert(n->name);
      return;
    }
    forEachChild(e, [&](const Expr &c) { excludeNamesIn(c, own); });
  }
  template <typename F> void forEachExpr(const Stmt &s, F f) {
    switch (s.kind()) {
    case Stmt::Kind::Expr: f(*cast<ExprStmt>(s).expr); return;
    case Stmt::Kind::Assign:
      for (const ExprPtr &t : cast<AssignStmt>(s).targets)
        f(*t);
      f(*cast<AssignStmt>(s).value);
      return;
    case Stmt::Kind::AugAssign:
      f(*cast<AugAssignStmt>(s).target);
      f(*cast<AugAssignStmt>(s).value);
      return;
    case Stmt::Kind::If:
      f(*cast<IfStmt>(s).cond);
      for (const Block *b : {&cast<IfStmt>(s).body, &cast<IfStmt>(s).orelse})
        for (const StmtPtr &x : *b)
          forEachExpr(*x, f);
      return;
    case Stmt::Kind::While:
      f(*cast<WhileStmt>(s).cond);
      for (const Block *b : {&cast<WhileStmt>(s).body, &cast<WhileStmt>(s).orelse})
        for (const StmtPtr &x : *b)
          forEachExpr(*x, f);
      return;
    case Stmt::Kind::For:
      f(*cast<ForStmt>(s).target);
      f(*cast<ForStmt>(s).iter);
      for (const Block *b : {&cast<ForStmt>(s).body, &cast<ForStmt>(s).orelse})
        for (const StmtPtr &x : *b)
          forEachExpr(*x, f);
      return;
    case Stmt::Kind::Return:
      if (cast<ReturnStmt>(s).value)
        f(*cast<ReturnStmt>(s).value);
      return;
    case Stmt::Kind::Assert:
      f(*cast<AssertStmt>(s).test);
      if (cast<AssertStmt>(s).message)
        f(*cast<AssertStmt>(s).message);
      return;
    case Stmt::Kind::Raise: f(*cast<RaiseStmt>(s).exc); return;
    case Stmt::Kind::Def: {
      const FunctionDef &d = *cast<FunctionDefStmt>(s).def;
      for (const Param &p : d.params)
        if (p.defaultValue)
          f(*p.defaultValue);
      for (const StmtPtr &x : d.body)
        forEachExpr(*x, f);
      return;
    }
    case Stmt::Kind::Break:
    case Stmt::Kind::Continue:
    case Stmt::Kind::Pass:
      return;
    }
  }
  template <typename F> static void forEachChild(const Expr &e, F f) {
    switch (e.kind()) {
    case Expr::Kind::Unary: f(*cast<UnaryExpr>(e).operand); return;
    case Expr::Kind::Binary:
      f(*cast<BinaryExpr>(e).lhs);
      f(*cast<BinaryExpr>(e).rhs);
      return;
    case Expr::Kind::BoolOp:
      for (const ExprPtr &v : cast<BoolOpExpr>(e).values)
        f(*v);
      return;
    case Expr::Kind::Compare:
      for (const ExprPtr &v : cast<CompareExpr>(e).operands)
        f(*v);
      return;
    case Expr::Kind::Call:
      f(*cast<CallExpr>(e).callee);
      for (const ExprPtr &a : cast<CallExpr>(e).args)
        f(*a);
      for (const Keyword &k : cast<CallExpr>(e).keywords)
        f(*k.value);
      return;
    case Expr::Kind::Attribute: f(*cast<AttributeExpr>(e).value); return;
    case Expr::Kind::Subscript:
      f(*cast<SubscriptExpr>(e).value);
      f(*cast<SubscriptExpr>(e).index);
      return;
    case Expr::Kind::Tuple:
      for (const ExprPtr &x : cast<TupleExpr>(e).elts)
        f(*x);
      return;
    case Expr::Kind::IfExp:
      f(*cast<IfExpExpr>(e).cond);
      f(*cast<IfExpExpr>(e).body);
      f(*cast<IfExpExpr>(e).orelse);
      return;
    case Expr::Kind::Slice:
      for (const ExprPtr *p : {&cast<SliceExpr>(e).lower, &cast<SliceExpr>(e).upper,
                               &cast<SliceExpr>(e).step})
        if (*p)
          f(**p);
      return;
    case Expr::Kind::Starred: f(*cast<StarredExpr>(e).value); return;
    default:
      return;
    }
  }

  // A condition decided when compiling: a literal (`while True:`, `if 0:`),
  // and with `known`, a global constant, `p is None` / `p is not None` /
  // `p == None` / `p != None` (a parameter only while its own definition
  // alone reaches here), `not` of one of these, and `and`/`or` chains they
  // end; none for any other.
  std::optional<bool> decided(const Expr &cond) const {
    if (auto *b = dyn_cast<BoolLitExpr>(&cond))
      return b->value;
    if (auto *i = dyn_cast<IntLitExpr>(&cond))
      return i->value != 0;
    if (auto *n = dyn_cast<NameExpr>(&cond))
      return global(n->name) && known.truth ? known.truth(n->name) : std::nullopt;
    if (auto *u = dyn_cast<UnaryExpr>(&cond); u && u->op == UnaryOp::Not) {
      if (std::optional<bool> inner = decided(*u->operand))
        return !*inner;
      return std::nullopt;
    }
    if (auto *bo = dyn_cast<BoolOpExpr>(&cond)) { // decided by a prefix that ends it
      for (const ExprPtr &v : bo->values) {
        std::optional<bool> d = decided(*v);
        if (!d || endsChain(bo->op, *d))
          return d;
      }
      return bo->op == BoolOpKind::And; // every operand truthy (or all falsy)
    }
    auto *c = dyn_cast<CompareExpr>(&cond);
    if (!c || c->ops.size() != 1)
      return std::nullopt;
    if (known.compare)
      if (std::optional<bool> d =
              known.compare(*c, [this](llvm::StringRef n) { return global(n.str()); }))
        return d;
    bool positive = c->ops[0] == CompareOp::Is || c->ops[0] == CompareOp::Eq; // `p == None` too
    if (!positive && c->ops[0] != CompareOp::IsNot && c->ops[0] != CompareOp::NotEq)
      return std::nullopt;
    std::optional<bool> l = noneness(*c->operands[0]), r = noneness(*c->operands[1]);
    if (!l || !r || (!*l && !*r)) // two values that are not None: `is` needs values
      return std::nullopt;
    return (*l == *r) == positive;
  }
  // Whether `name` is a global here: not a parameter nor assigned (even
  // where a nested def mentions it, and the webs leave it whole).
  bool global(const std::string &name) const {
    return !locals.count(name) && !excluded.count(name) && !paramDef.count(name);
  }
  // Whether an operand of `is` is None, where the compilation knows it.
  std::optional<bool> noneness(const Expr &e) const {
    if (isa<NoneLitExpr>(e))
      return true;
    auto *n = dyn_cast<NameExpr>(&e);
    if (!n || !known.isNone)
      return std::nullopt;
    if (!global(n->name)) { // a parameter, not yet replaced
      auto p = paramDef.find(n->name);
      if (!locals.count(n->name)) // a nested def's too: not followed here
        return std::nullopt;
      auto reach = cur.defs.find(n->name);
      if (p == paramDef.end() || reach == cur.defs.end() || reach->second != std::set<int>{p->second})
        return std::nullopt;
    }
    return known.isNone(n->name);
  }

  // -- reaching definitions ---------------------------------------------------
  void use(Expr &e) {
    if (auto *n = dyn_cast<NameExpr>(&e)) {
      if (locals.count(n->name) && cur.live) {
        std::set<int> &reach = uses[n];
        auto it = cur.defs.find(n->name);
        if (it != cur.defs.end())
          reach.insert(it->second.begin(), it->second.end());
      }
      return;
    }
    forEachChild(e, [&](const Expr &c) { use(const_cast<Expr &>(c)); });
  }
  void define(Expr &target) {
    if (auto *n = dyn_cast<NameExpr>(&target)) {
      if (!locals.count(n->name))
        return;
      auto [it, fresh] = defIds.try_emplace(n, 0);
      if (fresh)
        it->second = newDef(n->name, n);
      cur.defs[n->name] = {it->second};
    } else if (auto *t = dyn_cast<TupleExpr>(&target)) {
      for (ExprPtr &e : t->elts)
        define(*e);
    } else if (auto *st = dyn_cast<StarredExpr>(&target)) {
      define(*st->value);
    } else {
      use(target); // a[i] = v, p.x = v: reads a and i
    }
  }
  void block(Block &b) {
    for (StmtPtr &s : b)
      stmt(*s);
  }
  void stmt(Stmt &s) {
    switch (s.kind()) {
    case Stmt::Kind::Expr: use(*cast<ExprStmt>(s).expr); return;
    case Stmt::Kind::Assign: {
      auto &a = cast<AssignStmt>(s);
      use(*a.value);
      for (ExprPtr &t : a.targets)
        define(*t);
      return;
    }
    case Stmt::Kind::AugAssign: {
      auto &a = cast<AugAssignStmt>(s);
      auto *n = dyn_cast<NameExpr>(a.target.get());
      if (!n || !locals.count(n->name)) {
        use(*a.target); // a[i] += v reads a, i
        use(*a.value);
        return;
      }
      // x += v reads x (a node of its own, which rename() drops again when
      // the read and the write are one web) and defines x.
      if (!a.source) {
        a.source = std::make_unique<NameExpr>(n->range(), n->name);
        augAssigns.push_back(&a);
      }
      use(*a.source);
      use(*a.value);
      define(*n);
      return;
    }
    case Stmt::Kind::If: {
      auto &i = cast<IfStmt>(s);
      use(*i.cond);
      if (std::optional<bool> taken = decided(*i.cond)) { // `if False:` never runs
        // The branch not taken is walked unreachable, so its assignments are
        // versions of their own (none reaches a read): the taken branch's is
        // then a name assigned once, a constant where its value is one.
        State before = cur;
        cur.live = false;
        block(*taken ? i.orelse : i.body);
        cur = std::move(before);
        block(*taken ? i.body : i.orelse);
        return;
      }
      State before = cur;
      block(i.body);
      State taken = cur;
      cur = before;
      block(i.orelse);
      cur.merge(taken);
      return;
    }
    case Stmt::Kind::While: {
      auto &w = cast<WhileStmt>(s);
      // `while True:` ends only at a break: its `else:` never runs.
      // (A literal only: IRGen lowers any other condition's test.)
      bool endless = false;
      if (auto *b = dyn_cast<BoolLitExpr>(w.cond.get()))
        endless = b->value;
      else if (auto *n = dyn_cast<IntLitExpr>(w.cond.get()))
        endless = n->value != 0;
      loop([&] { use(*w.cond); }, w.body, w.orelse, /*target=*/nullptr, endless);
      return;
    }
    case Stmt::Kind::For: {
      auto &f = cast<ForStmt>(s);
      use(*f.iter);
      loop([] {}, f.body, f.orelse, f.target.get(), /*endless=*/false);
      return;
    }
    case Stmt::Kind::Return:
      if (cast<ReturnStmt>(s).value)
        use(*cast<ReturnStmt>(s).value);
      cur.live = false;
      return;
    case Stmt::Kind::Raise:
      use(*cast<RaiseStmt>(s).exc);
      cur.live = false;
      return;
    case Stmt::Kind::Break:
      if (!loops.empty())
        loops.back().breaks.push_back(cur);
      cur.live = false;
      return;
    case Stmt::Kind::Continue:
      if (!loops.empty())
        loops.back().continues.push_back(cur);
      cur.live = false;
      return;
    case Stmt::Kind::Assert:
      use(*cast<AssertStmt>(s).test);
      if (cast<AssertStmt>(s).message)
        use(*cast<AssertStmt>(s).message);
      return;
    case Stmt::Kind::Def: // its names are excluded; its defaults are read here
      for (Param &p : cast<FunctionDefStmt>(s).def->params)
        if (p.defaultValue)
          use(*p.defaultValue);
      return;
    case Stmt::Kind::Pass:
      return;
    }
  }
  /// A loop: at its head `test` (a while condition) runs, then, for a for
  /// loop, the target is assigned, then the body; the head is reached from
  /// before the loop, the body's end and each `continue`. The loop ends at
  /// the head (`else:` runs then) or at a `break`.
  template <typename Test>
  void loop(Test test, Block &body, Block &orelse, Expr *target, bool endless) {
    State head = cur;
    State exit;
    while (true) {
      cur = head;
      test();
      exit = cur; // the test fails (or the iterator is exhausted)
      if (target)
        define(*target);
      loops.push_back({});
      block(body);
      Loop l = std::move(loops.back());
      loops.pop_back();
      State next = head;
      next.merge(cur);
      for (const State &c : l.continues)
        next.merge(c);
      if (next == head) {
        cur = exit;
        if (endless)
          cur.live = false; // only a break leaves it
        block(orelse);
        for (const State &b : l.breaks)
          cur.merge(b);
        return;
      }
      head = std::move(next);
    }
  }

  // -- versions ---------------------------------------------------------------
  void rename() {
    // Every definition is a variable of its own (numba's SSA versions): the
    // first of a name (a parameter's, if it is one) keeps the name, the
    // others are name~1, name~2, ... in the order they were met.
    std::map<std::string, unsigned> count; // per name, the versions named so far
    std::vector<std::string> version(defName.size());
    auto next = [&](const std::string &name) {
      unsigned k = count[name]++;
      return k == 0 ? name : name + "~" + std::to_string(k);
    };
    for (int id = 0; id < static_cast<int>(defName.size()); ++id)
      version[id] = next(defName[id]);
    // A read that more than one definition reaches reads a phi variable of
    // that set (numba's phi node), named after the definitions; each of
    // them also writes it (FunctionDef::phiTargets).
    std::set<std::set<int>> sets;
    for (const auto &[node, reach] : uses)
      if (reach.size() > 1)
        sets.insert(reach);
    std::map<std::set<int>, std::string> phiName;
    for (const std::set<int> &reach : sets) {
      std::string name = next(defName[*reach.begin()]);
      phiName[reach] = name;
      for (int id : reach)
        fn.phiTargets[version[id]].push_back(name);
    }
    for (int id = 0; id < static_cast<int>(defName.size()); ++id)
      if (NameExpr *n = defNode[id])
        n->name = version[id];
    for (auto &[node, reach] : uses)
      if (reach.size() == 1)
        node->name = version[*reach.begin()];
      else if (reach.size() > 1)
        node->name = phiName[reach];
      else
        node->unbound = true;
    // x += v with no definition reaching its read: the target is read and
    // written (the read gives 0), as before the split.
    for (AugAssignStmt *a : augAssigns) {
      auto it = uses.find(cast<NameExpr>(a->source.get()));
      if (it == uses.end() || it->second.empty())
        a->source.reset();
    }
  }
};

} // namespace

void pyjit::ast::splitVariableWebs(FunctionDef &fn, const KnownNames &known) {
  Webs(fn, known).run();
  // A nested def's own variables too (the names it reads from the
  // enclosing function are not its locals, so they keep their spelling).
  // (The walk hands out const defs; they are fn's own, which this renames.)
  forEachAssignedName(fn.body, [](const std::string &) {},
                      [](const FunctionDef &d) { splitVariableWebs(const_cast<FunctionDef &>(d)); });
}
