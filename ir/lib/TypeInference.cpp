//===- TypeInference.cpp - Types of every expression and variable --------===//
//
// Locals are typed by iterating to a fixpoint: each pass types every
// expression with the variable types known so far and unifies assigned types
// into the variables; a last pass reports errors and records the results.
//
//===----------------------------------------------------------------------===//
#include "pyjit/ir/TypeInference.h"
#include "pyjit/frontend/Parser.h"
#include "pyjit/ir/MathFunctions.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <cmath>
#include <algorithm>
#include <functional>
#include <set>

using namespace pyjit;
using namespace pyjit::ir;
using namespace pyjit::ast;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

const llvm::StringSet<> &pythonBuiltins() {
  static const llvm::StringSet<> names = {"range", "abs", "min", "max", "int",
                                          "float", "bool", "len", "round"};
  return names;
}

// NumPy's scalar math functions that numba.cuda accepts, by their math name.
std::optional<std::string> numpyMathName(llvm::StringRef attr) {
  static const std::pair<const char *, const char *> aliases[] = {
      {"arccos", "acos"},   {"arccosh", "acosh"}, {"arcsin", "asin"}, {"arcsinh", "asinh"},
      {"arctan", "atan"},   {"arctanh", "atanh"}, {"arctan2", "atan2"}, {"absolute", "fabs"},
      {"power", "pow"},     {"rint", "round"},    {"deg2rad", "radians"}, {"rad2deg", "degrees"}};
  for (auto [from, to] : aliases)
    if (attr == from)
      return std::string(to);
  if (lookupMathFn(attr) && attr != "gamma" && attr != "lgamma" && attr != "round")
    return attr.str();
  return std::nullopt;
}

class Inferer {
public:
  Inferer(const FunctionDef &def, llvm::ArrayRef<Type *> argTypes, const GlobalEnv &globals,
          TypeContext &ctx, DiagnosticEngine &diags, DeviceFunctionRegistry *registry,
          bool isKernel)
      : def(def), globals(globals), ctx(ctx), diags(diags), registry(registry),
        isKernel(isKernel) {
    result.def = &def;
    result.file = &diags.currentFile();
    result.paramTypes.assign(argTypes.begin(), argTypes.end());
  }

  std::optional<TypedFunction> run();

private:
  // Error reporting is on only in the final pass.
  void error(SourceRange r, const llvm::Twine &msg) {
    if (reporting)
      diags.error(r, msg);
    failed = true;
  }
  void collectLocals(const Block &block);
  void collectTargets(const Expr &target);
  void block(const Block &b);
  void stmt(const Stmt &s);
  void assignTo(const Expr &target, ExprInfo value, SourceRange valueRange);
  void assignVar(const std::string &name, Type *type, SourceRange r);
  ExprInfo expr(const Expr &e);
  ExprInfo exprImpl(const Expr &e);
  ExprInfo name(const NameExpr &e);
  ExprInfo attribute(const AttributeExpr &e);
  ExprInfo subscript(const SubscriptExpr &e);
  ExprInfo call(const CallExpr &e);
  ExprInfo binary(const BinaryExpr &e);
  ExprInfo deviceCall(const CallExpr &e, const DeviceFunctionSource &fn);
  bool alwaysReturns(const Block &b);
  ExprInfo constant(GlobalValue v) {
    ExprInfo info;
    info.constant = v;
    info.weak = v.kind != GlobalValue::Kind::Bool;
    info.type = v.kind == GlobalValue::Kind::Int     ? static_cast<Type *>(ctx.int64())
                : v.kind == GlobalValue::Kind::Float ? static_cast<Type *>(ctx.float64())
                                                     : static_cast<Type *>(ctx.boolean());
    return info;
  }
  std::string typeName(Type *t) { return t ? t->str() : "<unknown>"; }
  bool isIntegral(Type *t) { return t && (isa<IntType>(t) || isa<BoolType>(t)); }

  const FunctionDef &def;
  const GlobalEnv &globals;
  TypeContext &ctx;
  DiagnosticEngine &diags;
  DeviceFunctionRegistry *registry;
  bool isKernel;
  TypedFunction result;
  std::set<std::string> localNames;
  bool returnsNone = false;
  SourceRange firstValueReturn;
  bool reporting = false;
  bool failed = false;
  bool changed = false;
  int loopDepth = 0;
};

std::optional<TypedFunction> Inferer::run() {
  if (result.paramTypes.size() != def.params.size()) {
    diags.error(def.range, "function '" + def.name + "' takes " +
                               llvm::Twine(def.params.size()) + " arguments but " +
                               llvm::Twine(result.paramTypes.size()) + " types were given");
    return std::nullopt;
  }
  for (size_t i = 0; i < def.params.size(); ++i) {
    localNames.insert(def.params[i].name);
    result.locals[def.params[i].name] = result.paramTypes[i];
  }
  collectLocals(def.body);
  // Fixpoint over local variable types; types only widen, so this ends.
  for (int iter = 0; iter < 32; ++iter) {
    changed = false;
    failed = false;
    result.exprs.clear();
    result.calls.clear();
    block(def.body);
    if (!changed)
      break;
  }
  reporting = true;
  failed = false;
  result.exprs.clear();
  result.calls.clear();
  returnsNone = false;
  block(def.body);
  if (!isKernel && result.returnType && !failed) {
    if (returnsNone)
      error(firstValueReturn, "device function '" + def.name +
                                  "' returns a value here but None on another path");
    else if (!alwaysReturns(def.body))
      error(def.range, "not every path of device function '" + def.name +
                           "' returns a value (add a return at the end)");
  }
  if (!result.returnType)
    result.returnType = ctx.none();
  for (const auto &[name, type] : result.locals)
    if (!type && !failed)
      error(def.range, "local variable '" + name + "' is never given a value");
  if (failed || diags.hasErrors())
    return std::nullopt;
  return std::move(result);
}

void Inferer::collectTargets(const Expr &target) {
  if (auto *n = dyn_cast<NameExpr>(&target)) {
    localNames.insert(n->name);
    result.locals.try_emplace(n->name, nullptr);
  } else if (auto *t = dyn_cast<TupleExpr>(&target)) {
    for (const ExprPtr &e : t->elts)
      collectTargets(*e);
  }
}

void Inferer::collectLocals(const Block &b) {
  for (const StmtPtr &s : b) {
    if (auto *a = dyn_cast<AssignStmt>(s.get())) {
      for (const ExprPtr &t : a->targets)
        collectTargets(*t);
    } else if (auto *a = dyn_cast<AugAssignStmt>(s.get())) {
      collectTargets(*a->target);
    } else if (auto *f = dyn_cast<ForStmt>(s.get())) {
      collectTargets(*f->target);
      collectLocals(f->body);
    } else if (auto *w = dyn_cast<WhileStmt>(s.get())) {
      collectLocals(w->body);
    } else if (auto *i = dyn_cast<IfStmt>(s.get())) {
      collectLocals(i->body);
      collectLocals(i->orelse);
    }
  }
}

void Inferer::block(const Block &b) {
  for (size_t i = 0; i < b.size(); ++i) {
    // A docstring (a string as the function's first statement) is skipped.
    if (&b == &def.body && i == 0)
      if (auto *es = dyn_cast<ExprStmt>(b[i].get()))
        if (isa<StrLitExpr>(es->expr.get()))
          continue;
    stmt(*b[i]);
  }
}

void Inferer::assignVar(const std::string &name, Type *type, SourceRange r) {
  if (!type)
    return;
  if (!type->isScalar() && !isa<TupleType>(type) && !isa<ArrayType>(type)) {
    error(r, "cannot assign a value of type " + typeName(type) + " to variable '" + name + "'");
    return;
  }
  Type *&slot = result.locals[name];
  Type *unified = unifyTypes(ctx, slot, type);
  if (!unified) {
    error(r, "variable '" + name + "' is assigned both " + typeName(slot) + " and " +
                 typeName(type) + ", which do not unify");
    return;
  }
  if (unified != slot) {
    slot = unified;
    changed = true;
  }
}

void Inferer::assignTo(const Expr &target, ExprInfo value, SourceRange valueRange) {
  if (auto *n = dyn_cast<NameExpr>(&target)) {
    assignVar(n->name, value.type, target.range());
    result.exprs[&target] = ExprInfo{value.type ? result.locals[n->name] : nullptr};
    return;
  }
  if (auto *t = dyn_cast<TupleExpr>(&target)) {
    if (!value.type)
      return;
    auto *tt = dyn_cast<TupleType>(value.type);
    if (!tt) {
      error(valueRange, "cannot unpack a value of type " + typeName(value.type));
      return;
    }
    if (tt->size() != t->elts.size()) {
      error(valueRange, "cannot unpack " + llvm::Twine(tt->size()) + " values into " +
                            llvm::Twine(t->elts.size()) + " targets");
      return;
    }
    for (size_t i = 0; i < t->elts.size(); ++i)
      assignTo(*t->elts[i], ExprInfo{tt->elements()[i]}, valueRange);
    return;
  }
  if (auto *s = dyn_cast<SubscriptExpr>(&target)) {
    ExprInfo elem = expr(*s);
    if (!elem.type || !value.type)
      return;
    ExprInfo base = result.exprs[s->value.get()];
    if (!llvm::isa_and_nonnull<ArrayType>(base.type)) {
      error(target.range(), "cannot assign to an item of a value of type " + typeName(base.type));
      return;
    }
    if (!value.type->isScalar())
      error(valueRange, "cannot store a value of type " + typeName(value.type) +
                            " into an array of " + typeName(elem.type));
    return;
  }
  error(target.range(), "assignment to an attribute is not supported in kernels");
}

void Inferer::stmt(const Stmt &s) {
  switch (s.kind()) {
  case Stmt::Kind::Expr: {
    const Expr &e = *cast<ExprStmt>(s).expr;
    if (isa<StrLitExpr>(e))
      return; // a bare string is a no-op (comment-style docstring)
    expr(e);
    return;
  }
  case Stmt::Kind::Assign: {
    auto &a = cast<AssignStmt>(s);
    ExprInfo v = expr(*a.value);
    for (const ExprPtr &t : a.targets)
      assignTo(*t, v, a.value->range());
    return;
  }
  case Stmt::Kind::AugAssign: {
    auto &a = cast<AugAssignStmt>(s);
    ExprInfo cur = expr(*a.target);
    ExprInfo v = expr(*a.value);
    if (!cur.type || !v.type)
      return;
    Type *r = binaryResultType(ctx, a.op, {cur.type, false}, {v.type, v.weak});
    if (!r) {
      error(s.range(), llvm::Twine("unsupported operand types for ") + binaryOpSpelling(a.op) +
                           "=: " + typeName(cur.type) + " and " + typeName(v.type));
      return;
    }
    if (isa<NameExpr>(*a.target))
      assignVar(cast<NameExpr>(*a.target).name, r, a.target->range());
    return;
  }
  case Stmt::Kind::If: {
    auto &i = cast<IfStmt>(s);
    ExprInfo c = expr(*i.cond);
    if (c.type && !c.type->isScalar())
      error(i.cond->range(), "the truth value of a " + typeName(c.type) +
                                 " is not supported in kernels");
    block(i.body);
    block(i.orelse);
    return;
  }
  case Stmt::Kind::While: {
    auto &w = cast<WhileStmt>(s);
    ExprInfo c = expr(*w.cond);
    if (c.type && !c.type->isScalar())
      error(w.cond->range(), "the truth value of a " + typeName(c.type) +
                                 " is not supported in kernels");
    ++loopDepth;
    block(w.body);
    --loopDepth;
    return;
  }
  case Stmt::Kind::For: {
    auto &f = cast<ForStmt>(s);
    auto *call = dyn_cast<CallExpr>(f.iter.get());
    auto *callee = call ? dyn_cast<NameExpr>(call->callee.get()) : nullptr;
    if (!callee || callee->name != "range" || localNames.count("range") ||
        globals.lookup("range")) {
      error(f.iter->range(), "a 'for' loop over anything but range() is not supported in kernels");
      return;
    }
    if (call->args.empty() || call->args.size() > 3 || !call->keywords.empty()) {
      error(call->range(), "range() takes 1 to 3 positional arguments");
      return;
    }
    result.exprs[call->callee.get()] = ExprInfo{ctx.builtin("range")};
    Type *loopVar = nullptr;
    for (const ExprPtr &a : call->args) {
      ExprInfo ai = expr(*a);
      if (ai.type && !isIntegral(ai.type))
        error(a->range(), "range() arguments must be integers, not " + typeName(ai.type));
      if (ai.type)
        loopVar = ctx.int64();
    }
    if (call->args.size() == 3)
      if (auto *lit = dyn_cast<IntLitExpr>(call->args[2].get()); lit && lit->value == 0)
        error(lit->range(), "range() step must not be zero");
    result.exprs[call] = ExprInfo{ctx.none()};
    if (!isa<NameExpr>(*f.target))
      error(f.target->range(), "a 'for' loop target must be a single name");
    else if (loopVar)
      assignTo(*f.target, ExprInfo{loopVar}, f.iter->range());
    ++loopDepth;
    block(f.body);
    --loopDepth;
    return;
  }
  case Stmt::Kind::Return: {
    auto &r = cast<ReturnStmt>(s);
    if (!r.value || isa<NoneLitExpr>(*r.value)) {
      returnsNone = true;
      return;
    }
    ExprInfo v = expr(*r.value);
    if (isKernel) {
      error(r.value->range(), "a kernel cannot return a value");
      return;
    }
    if (!v.type)
      return;
    if (!v.type->isScalar() && !isa<TupleType>(v.type) && !isa<ArrayType>(v.type)) {
      error(r.value->range(), "cannot return a value of type " + typeName(v.type));
      return;
    }
    Type *unified = unifyTypes(ctx, result.returnType, v.type);
    if (!unified) {
      error(r.value->range(), "device function '" + def.name + "' returns both " +
                                  typeName(result.returnType) + " and " + typeName(v.type));
      return;
    }
    if (!result.returnType)
      firstValueReturn = r.range();
    if (unified != result.returnType) {
      result.returnType = unified;
      changed = true;
    }
    return;
  }
  case Stmt::Kind::Break:
  case Stmt::Kind::Continue:
    if (loopDepth == 0)
      error(s.range(), llvm::Twine("'") + (s.kind() == Stmt::Kind::Break ? "break" : "continue") +
                           "' outside a loop");
    return;
  case Stmt::Kind::Pass:
    return;
  }
}

ExprInfo Inferer::expr(const Expr &e) {
  ExprInfo info = exprImpl(e);
  result.exprs[&e] = info;
  return info;
}

ExprInfo Inferer::exprImpl(const Expr &e) {
  switch (e.kind()) {
  case Expr::Kind::IntLit: {
    ExprInfo i = constant(GlobalValue::ofInt(cast<IntLitExpr>(e).value));
    return i;
  }
  case Expr::Kind::FloatLit:
    return constant(GlobalValue::ofFloat(cast<FloatLitExpr>(e).value));
  case Expr::Kind::BoolLit:
    return constant(GlobalValue::ofBool(cast<BoolLitExpr>(e).value));
  case Expr::Kind::NoneLit:
    return ExprInfo{ctx.none()};
  case Expr::Kind::StrLit:
    error(e.range(), "a string value is not supported in kernels");
    return {};
  case Expr::Kind::Name:
    return name(cast<NameExpr>(e));
  case Expr::Kind::Attribute:
    return attribute(cast<AttributeExpr>(e));
  case Expr::Kind::Subscript:
    return subscript(cast<SubscriptExpr>(e));
  case Expr::Kind::Call:
    return call(cast<CallExpr>(e));
  case Expr::Kind::Binary:
    return binary(cast<BinaryExpr>(e));
  case Expr::Kind::Unary: {
    auto &u = cast<UnaryExpr>(e);
    ExprInfo o = expr(*u.operand);
    if (!o.type)
      return {};
    if (!o.type->isScalar()) {
      error(e.range(), "bad operand type for unary operator: " + typeName(o.type));
      return {};
    }
    switch (u.op) {
    case UnaryOp::Not:
      return ExprInfo{ctx.boolean()};
    case UnaryOp::Neg:
    case UnaryOp::Pos:
      return ExprInfo{isa<BoolType>(o.type) ? ctx.int64() : o.type, o.weak};
    case UnaryOp::Invert:
      if (isa<FloatType>(o.type)) {
        error(e.range(), "bad operand type for unary ~: " + typeName(o.type));
        return {};
      }
      return ExprInfo{isa<BoolType>(o.type) ? ctx.int64() : o.type, o.weak};
    }
    return {};
  }
  case Expr::Kind::BoolOp: {
    auto &b = cast<BoolOpExpr>(e);
    Type *t = nullptr;
    bool weak = true;
    for (const ExprPtr &v : b.values) {
      ExprInfo vi = expr(*v);
      if (!vi.type)
        return {};
      if (!vi.type->isScalar()) {
        error(v->range(), "operands of 'and'/'or' must be numbers or bools, not " + typeName(vi.type));
        return {};
      }
      weak = weak && vi.weak;
      t = unifyTypes(ctx, t, vi.type);
    }
    return ExprInfo{t, weak};
  }
  case Expr::Kind::Compare: {
    auto &c = cast<CompareExpr>(e);
    std::vector<ExprInfo> ops;
    for (const ExprPtr &o : c.operands)
      ops.push_back(expr(*o));
    for (size_t i = 0; i < c.ops.size(); ++i) {
      if (c.ops[i] == CompareOp::Is || c.ops[i] == CompareOp::IsNot ||
          c.ops[i] == CompareOp::In || c.ops[i] == CompareOp::NotIn) {
        error(e.range(), llvm::Twine("the '") + compareOpSpelling(c.ops[i]) +
                             "' operator is not supported in kernels");
        return {};
      }
      if (!ops[i].type || !ops[i + 1].type)
        return {};
      if (!promoteOperands(ctx, {ops[i].type, ops[i].weak}, {ops[i + 1].type, ops[i + 1].weak})) {
        error(e.range(), llvm::Twine("cannot compare ") + typeName(ops[i].type) + " and " +
                             typeName(ops[i + 1].type) + " with '" +
                             compareOpSpelling(c.ops[i]) + "'");
        return {};
      }
    }
    return ExprInfo{ctx.boolean()};
  }
  case Expr::Kind::IfExp: {
    auto &i = cast<IfExpExpr>(e);
    ExprInfo c = expr(*i.cond);
    ExprInfo a = expr(*i.body);
    ExprInfo b = expr(*i.orelse);
    if (!c.type || !a.type || !b.type)
      return {};
    Type *t = unifyTypes(ctx, a.type, b.type);
    if (!t || !t->isScalar()) {
      error(e.range(), "the branches of a conditional expression have types " +
                           typeName(a.type) + " and " + typeName(b.type) + ", which do not unify");
      return {};
    }
    return ExprInfo{t, a.weak && b.weak};
  }
  case Expr::Kind::Tuple: {
    auto &t = cast<TupleExpr>(e);
    std::vector<Type *> elems;
    for (const ExprPtr &x : t.elts) {
      ExprInfo xi = expr(*x);
      if (!xi.type)
        return {};
      elems.push_back(xi.type);
    }
    return ExprInfo{ctx.tuple(elems)};
  }
  case Expr::Kind::Slice:
    error(e.range(), "array slicing is not supported in kernels");
    return {};
  }
  return {};
}

ExprInfo Inferer::name(const NameExpr &e) {
  if (localNames.count(e.name)) {
    Type *t = result.locals[e.name];
    return ExprInfo{t};
  }
  if (const GlobalValue *g = globals.lookup(e.name)) {
    switch (g->kind) {
    case GlobalValue::Kind::Int:
    case GlobalValue::Kind::Float:
    case GlobalValue::Kind::Bool:
      return constant(*g);
    case GlobalValue::Kind::Module:
      return ExprInfo{ctx.ns(g->name)};
    case GlobalValue::Kind::Function:
      return ExprInfo{ctx.builtin(g->name)};
    case GlobalValue::Kind::DType:
      return ExprInfo{ctx.builtin("dtype." + g->name)};
    case GlobalValue::Kind::DeviceFunction: {
      ExprInfo info{ctx.builtin("device." + g->device->name)};
      info.constant = *g;
      return info;
    }
    case GlobalValue::Kind::Unsupported:
      error(e.range(), "global '" + e.name + "' of type " + g->name +
                           " is not supported in kernels");
      return {};
    }
  }
  if (pythonBuiltins().contains(e.name))
    return ExprInfo{ctx.builtin(e.name)};
  if (e.name == "print")
    error(e.range(), "print() is not supported in kernels yet");
  else
    error(e.range(), "name '" + e.name + "' is not defined");
  return {};
}

ExprInfo Inferer::attribute(const AttributeExpr &e) {
  ExprInfo base = expr(*e.value);
  if (!base.type)
    return {};
  const std::string &attr = e.attr;
  if (auto *ns = dyn_cast<NamespaceType>(base.type)) {
    llvm::StringRef path = ns->path();
    if (path == "cuda") {
      if (attr == "threadIdx" || attr == "blockIdx" || attr == "blockDim" || attr == "gridDim")
        return ExprInfo{ctx.ns("cuda." + attr)};
      if (attr == "grid" || attr == "gridsize")
        return ExprInfo{ctx.builtin("cuda." + attr)};
    } else if (path.starts_with("cuda.")) {
      if (attr == "x" || attr == "y" || attr == "z")
        return ExprInfo{ctx.int32()};
    } else if (path == "math") {
      if (lookupMathFn(attr))
        return ExprInfo{ctx.builtin("math." + attr)};
      if (attr == "tau")
        return constant(GlobalValue::ofFloat(2 * M_PI));
      if (attr == "pi")
        return constant(GlobalValue::ofFloat(M_PI));
      if (attr == "e")
        return constant(GlobalValue::ofFloat(M_E));
      if (attr == "inf")
        return constant(GlobalValue::ofFloat(INFINITY));
      if (attr == "nan")
        return constant(GlobalValue::ofFloat(NAN));
    } else if (path == "numpy") {
      if (ctx.scalarByName(attr))
        return ExprInfo{ctx.builtin("dtype." + attr)};
      if (std::optional<std::string> m = numpyMathName(attr))
        return ExprInfo{ctx.builtin("math." + *m)};
      if (attr == "pi")
        return constant(GlobalValue::ofFloat(M_PI));
      if (attr == "e")
        return constant(GlobalValue::ofFloat(M_E));
    }
    error(e.range(), "'" + path + "." + attr + "' is not supported in kernels");
    return {};
  }
  if (auto *at = dyn_cast<ArrayType>(base.type)) {
    if (attr == "shape") {
      std::vector<Type *> dims(at->ndim(), ctx.int64());
      return ExprInfo{ctx.tuple(dims)};
    }
    if (attr == "size")
      return ExprInfo{ctx.int64()};
    if (attr == "ndim")
      return constant(GlobalValue::ofInt(at->ndim()));
    error(e.range(), "array attribute '" + attr + "' is not supported in kernels");
    return {};
  }
  error(e.range(), "a value of type " + typeName(base.type) + " has no attribute '" + attr + "'");
  return {};
}

ExprInfo Inferer::subscript(const SubscriptExpr &e) {
  ExprInfo base = expr(*e.value);
  if (!base.type)
    return {};
  if (auto *tt = dyn_cast<TupleType>(base.type)) {
    ExprInfo idx = expr(*e.index);
    if (!idx.constant || idx.constant->kind != GlobalValue::Kind::Int) {
      error(e.index->range(), "a tuple index must be a constant integer");
      return {};
    }
    int64_t i = idx.constant->i;
    int64_t n = static_cast<int64_t>(tt->size());
    if (i < -n || i >= n) {
      error(e.index->range(), "tuple index " + llvm::Twine(i) + " out of range for a tuple of " +
                                  llvm::Twine(n));
      return {};
    }
    return ExprInfo{tt->elements()[i < 0 ? i + n : i]};
  }
  auto *at = dyn_cast<ArrayType>(base.type);
  if (!at) {
    error(e.value->range(), "a value of type " + typeName(base.type) + " cannot be indexed");
    return {};
  }
  std::vector<const Expr *> indices;
  if (auto *t = dyn_cast<TupleExpr>(e.index.get())) {
    for (const ExprPtr &x : t->elts)
      indices.push_back(x.get());
    result.exprs[t] = ExprInfo{ctx.none()};
  } else {
    indices.push_back(e.index.get());
  }
  for (const Expr *x : indices) {
    ExprInfo xi = expr(*x);
    if (!xi.type)
      return {};
    if (isa<TupleType>(xi.type) && indices.size() == 1) {
      auto *tt = cast<TupleType>(xi.type);
      for (Type *el : tt->elements())
        if (!isIntegral(el)) {
          error(x->range(), "array index must be an integer, not " + typeName(el));
          return {};
        }
      if (tt->size() != at->ndim()) {
        error(e.index->range(), "a " + llvm::Twine(at->ndim()) + "-d array needs " +
                                    llvm::Twine(at->ndim()) + " indices, got " +
                                    llvm::Twine(tt->size()));
        return {};
      }
      return ExprInfo{at->dtype()};
    }
    if (!isIntegral(xi.type)) {
      error(x->range(), "array index must be an integer, not " + typeName(xi.type));
      return {};
    }
  }
  if (indices.size() != at->ndim()) {
    error(e.index->range(), "a " + llvm::Twine(at->ndim()) + "-d array needs " +
                                llvm::Twine(at->ndim()) + " indices, got " +
                                llvm::Twine(indices.size()) +
                                " (array views and slicing are not supported in kernels)");
    return {};
  }
  return ExprInfo{at->dtype()};
}

ExprInfo Inferer::call(const CallExpr &e) {
  ExprInfo callee = expr(*e.callee);
  if (callee.constant && callee.constant->kind == GlobalValue::Kind::DeviceFunction)
    return deviceCall(e, *callee.constant->device);
  std::vector<ExprInfo> args;
  for (const ExprPtr &a : e.args) {
    args.push_back(expr(*a));
    if (!args.back().type)
      return {};
  }
  if (!callee.type)
    return {};
  auto *fn = dyn_cast<BuiltinType>(callee.type);
  if (!fn) {
    error(e.callee->range(), "a value of type " + typeName(callee.type) + " is not callable");
    return {};
  }
  llvm::StringRef path = fn->path();
  if (!e.keywords.empty()) {
    error(e.keywords.front().range, "keyword arguments to " + path + "() are not supported in kernels");
    return {};
  }
  auto wantArgs = [&](size_t lo, size_t hi) {
    if (args.size() >= lo && args.size() <= hi)
      return true;
    error(e.range(), path + "() takes " +
                         (lo == hi ? llvm::Twine(lo) : llvm::Twine(lo) + " to " + llvm::Twine(hi)) +
                         " arguments, got " + llvm::Twine(args.size()));
    return false;
  };
  auto wantScalar = [&](size_t i) {
    if (args[i].type->isScalar())
      return true;
    error(e.args[i]->range(), path + "() needs a number, not " + typeName(args[i].type));
    return false;
  };
  if (path == "cuda.grid" || path == "cuda.gridsize") {
    if (!wantArgs(1, 1))
      return {};
    if (!args[0].constant || args[0].constant->kind != GlobalValue::Kind::Int ||
        args[0].constant->i < 1 || args[0].constant->i > 3) {
      error(e.args[0]->range(), path + "() takes a constant 1, 2 or 3");
      return {};
    }
    int64_t n = args[0].constant->i;
    if (n == 1)
      return ExprInfo{ctx.int64()};
    return ExprInfo{ctx.tuple(std::vector<Type *>(n, ctx.int64()))};
  }
  if (path.starts_with("math.")) {
    std::optional<MathFn> fn = lookupMathFn(path.drop_front(5));
    if (fn) {
      unsigned arity = mathFnInfo(*fn).arity;
      if (!wantArgs(arity, arity))
        return {};
      std::vector<TypedOperand> ops;
      for (size_t i = 0; i < args.size(); ++i) {
        if (!wantScalar(i))
          return {};
        ops.push_back({args[i].type, args[i].weak});
      }
      Type *operand = mathOperandType(ctx, *fn, ops);
      return ExprInfo{mathResultType(ctx, *fn, operand)};
    }
  }
  if (path == "round") {
    if (!wantArgs(1, 1) || !wantScalar(0))
      return {};
    return ExprInfo{ctx.int64()};
  }
  if (path == "abs") {
    if (!wantArgs(1, 1) || !wantScalar(0))
      return {};
    return ExprInfo{isa<BoolType>(args[0].type) ? ctx.int64() : args[0].type, args[0].weak};
  }
  if (path == "min" || path == "max") {
    if (args.size() < 2) {
      error(e.range(), path + "() of fewer than two numbers is not supported in kernels");
      return {};
    }
    TypedOperand acc{args[0].type, args[0].weak};
    for (size_t i = 0; i < args.size(); ++i) {
      if (!wantScalar(i))
        return {};
      if (i == 0)
        continue;
      Type *t = promoteOperands(ctx, acc, {args[i].type, args[i].weak});
      acc = {t, acc.weak && args[i].weak};
    }
    return ExprInfo{acc.type, acc.weak};
  }
  if (path == "int" || path == "float" || path == "bool" || path.starts_with("dtype.")) {
    if (!wantArgs(1, 1) || !wantScalar(0))
      return {};
    if (path == "int")
      return ExprInfo{ctx.int64()};
    if (path == "float")
      return ExprInfo{ctx.float64()};
    if (path == "bool")
      return ExprInfo{ctx.boolean()};
    return ExprInfo{ctx.scalarByName(path.drop_front(6))};
  }
  if (path == "len") {
    if (!wantArgs(1, 1))
      return {};
    if (auto *tt = dyn_cast<TupleType>(args[0].type))
      return constant(GlobalValue::ofInt(static_cast<int64_t>(tt->size())));
    if (isa<ArrayType>(args[0].type))
      return ExprInfo{ctx.int64()};
    error(e.args[0]->range(), "len() of a " + typeName(args[0].type) + " is not supported");
    return {};
  }
  if (path == "range") {
    error(e.range(), "range() is only supported as the iterable of a 'for' loop");
    return {};
  }
  error(e.callee->range(), "calling '" + path + "' is not supported in kernels");
  return {};
}

// A literal default value (number, bool, or a negated number).
static std::optional<GlobalValue> literalDefault(const Expr &e) {
  if (auto *i = dyn_cast<IntLitExpr>(&e))
    return GlobalValue::ofInt(i->value);
  if (auto *f = dyn_cast<FloatLitExpr>(&e))
    return GlobalValue::ofFloat(f->value);
  if (auto *b = dyn_cast<BoolLitExpr>(&e))
    return GlobalValue::ofBool(b->value);
  if (auto *u = dyn_cast<UnaryExpr>(&e); u && u->op == UnaryOp::Neg) {
    if (auto *i = dyn_cast<IntLitExpr>(u->operand.get()))
      return GlobalValue::ofInt(-i->value);
    if (auto *f = dyn_cast<FloatLitExpr>(u->operand.get()))
      return GlobalValue::ofFloat(-f->value);
  }
  return std::nullopt;
}

ExprInfo Inferer::deviceCall(const CallExpr &e, const DeviceFunctionSource &fn) {
  if (!registry) {
    error(e.callee->range(), "device function '" + fn.name + "' cannot be called here");
    return {};
  }
  if (registry->inProgress(fn)) {
    error(e.range(), "recursion is not supported in kernels: device function '" + fn.name +
                         "' calls itself (directly or through other device functions)");
    return {};
  }
  const FunctionDef *callee = registry->definition(fn, diags);
  if (!callee) {
    failed = true;
    return {};
  }
  CallBinding binding;
  size_t n = callee->params.size();
  binding.args.assign(n, nullptr);
  binding.defaults.resize(n);
  if (e.args.size() > n) {
    error(e.args[n]->range(), "device function '" + fn.name + "' takes " + llvm::Twine(n) +
                                  " arguments, got " + llvm::Twine(e.args.size()));
    return {};
  }
  for (size_t i = 0; i < e.args.size(); ++i)
    binding.args[i] = e.args[i].get();
  for (const Keyword &kw : e.keywords) {
    size_t k = 0;
    while (k < n && callee->params[k].name != kw.name)
      ++k;
    if (k == n) {
      error(kw.range, "device function '" + fn.name + "' has no parameter named '" + kw.name + "'");
      return {};
    }
    if (binding.args[k]) {
      error(kw.range, "device function '" + fn.name + "' got multiple values for '" + kw.name + "'");
      return {};
    }
    binding.args[k] = kw.value.get();
  }
  std::vector<Type *> argTypes;
  bool pending = false;
  for (size_t k = 0; k < n; ++k) {
    if (binding.args[k]) {
      ExprInfo ai = expr(*binding.args[k]);
      if (!ai.type)
        pending = true;
      else if (!ai.type->isScalar() && !isa<ArrayType>(ai.type) && !isa<TupleType>(ai.type)) {
        error(binding.args[k]->range(), "cannot pass a value of type " + typeName(ai.type) +
                                            " to device function '" + fn.name + "'");
        return {};
      }
      argTypes.push_back(ai.type);
      continue;
    }
    const ExprPtr &dflt = callee->params[k].defaultValue;
    std::optional<GlobalValue> value = dflt ? literalDefault(*dflt) : std::nullopt;
    if (!dflt) {
      error(e.range(), "device function '" + fn.name + "' is missing the argument '" +
                           callee->params[k].name + "'");
      return {};
    }
    if (!value) {
      error(e.range(), "default value of parameter '" + callee->params[k].name +
                           "' of device function '" + fn.name +
                           "' must be a number or bool literal");
      return {};
    }
    binding.defaults[k] = *value;
    argTypes.push_back(constant(*value).type);
  }
  if (pending)
    return {};
  const TypedFunction *instance;
  if (reporting) {
    instance = registry->instantiate(fn, argTypes, diags, e.range());
  } else {
    // Argument types may still widen: type quietly, report in the last pass.
    DiagnosticEngine quiet(diags.currentFile());
    instance = registry->instantiate(fn, argTypes, quiet, e.range());
  }
  if (!instance) {
    failed = true;
    return {};
  }
  binding.callee = instance;
  result.calls[&e] = std::move(binding);
  return ExprInfo{instance->returnType};
}

bool Inferer::alwaysReturns(const Block &b) {
  for (const StmtPtr &s : b) {
    if (isa<ReturnStmt>(*s))
      return true;
    if (auto *i = dyn_cast<IfStmt>(s.get()))
      if (!i->orelse.empty() && alwaysReturns(i->body) && alwaysReturns(i->orelse))
        return true;
    if (auto *w = dyn_cast<WhileStmt>(s.get()))
      if (auto *c = dyn_cast<BoolLitExpr>(w->cond.get()); c && c->value) {
        // `while True:` without break only leaves through return.
        bool hasBreak = false;
        std::function<void(const Block &)> scan = [&](const Block &body) {
          for (const StmtPtr &x : body) {
            if (isa<BreakStmt>(*x))
              hasBreak = true;
            else if (auto *xi = dyn_cast<IfStmt>(x.get())) {
              scan(xi->body);
              scan(xi->orelse);
            }
          }
        };
        scan(w->body);
        if (!hasBreak)
          return true;
      }
  }
  return false;
}

ExprInfo Inferer::binary(const BinaryExpr &e) {
  ExprInfo l = expr(*e.lhs);
  ExprInfo r = expr(*e.rhs);
  if (!l.type || !r.type)
    return {};
  Type *t = binaryResultType(ctx, e.op, {l.type, l.weak}, {r.type, r.weak});
  if (!t) {
    error(e.range(), llvm::Twine("unsupported operand types for ") + binaryOpSpelling(e.op) +
                         ": " + typeName(l.type) + " and " + typeName(r.type));
    return {};
  }
  return ExprInfo{t, l.weak && r.weak};
}

} // namespace

std::optional<TypedFunction> pyjit::ir::inferTypes(const FunctionDef &def,
                                                   llvm::ArrayRef<Type *> argTypes,
                                                   const GlobalEnv &globals, TypeContext &ctx,
                                                   DiagnosticEngine &diags,
                                                   DeviceFunctionRegistry *registry,
                                                   bool isKernel) {
  return Inferer(def, argTypes, globals, ctx, diags, registry, isKernel).run();
}

const FunctionDef *DeviceFunctionRegistry::definition(const DeviceFunctionSource &fn,
                                                      DiagnosticEngine &diags) {
  auto it = parsed.find(&fn);
  if (it == parsed.end()) {
    DiagnosticEngine::FileScope scope(diags, *fn.source);
    it = parsed.emplace(&fn, parseSource(*fn.source, diags)).first;
  }
  if (!it->second)
    return nullptr;
  for (const auto &f : it->second->functions)
    if (f->name == fn.name)
      return f.get();
  return nullptr;
}

bool DeviceFunctionRegistry::inProgress(const DeviceFunctionSource &fn) const {
  return std::find(stack.begin(), stack.end(), &fn) != stack.end();
}

const TypedFunction *DeviceFunctionRegistry::instantiate(const DeviceFunctionSource &fn,
                                                         llvm::ArrayRef<Type *> argTypes,
                                                         DiagnosticEngine &diags,
                                                         SourceRange callSite) {
  std::vector<Type *> key(argTypes.begin(), argTypes.end());
  auto it = instances.find({&fn, key});
  if (it != instances.end())
    return it->second.get();
  const FunctionDef *def = definition(fn, diags);
  if (!def)
    return nullptr;
  std::optional<TypedFunction> typed;
  {
    stack.push_back(&fn);
    DiagnosticEngine::FileScope scope(diags, *fn.source);
    typed = inferTypes(*def, argTypes, fn.globals, ctx, diags, this, /*isKernel=*/false);
    stack.pop_back();
  }
  if (!typed) {
    std::string types;
    for (Type *t : argTypes)
      types += (types.empty() ? "" : ", ") + t->str();
    diags.note(callSite, "in the call of device function '" + fn.name + "' with argument types (" +
                             types + ")");
    return nullptr;
  }
  auto owned = std::make_unique<TypedFunction>(std::move(*typed));
  const TypedFunction *result = owned.get();
  instances[{&fn, key}] = std::move(owned);
  return result;
}
