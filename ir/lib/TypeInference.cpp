//===- TypeInference.cpp - Types of every expression and variable --------===//
//
// Locals are typed by iterating to a fixpoint: each pass types every
// expression with the variable types known so far and unifies assigned types
// into the variables; a last pass reports errors and records the results.
//
//===----------------------------------------------------------------------===//
#include "pyjit/ir/TypeInference.h"
#include "pyjit/ir/DatetimeRules.h"
#include "pyjit/frontend/AssignedNames.h"
#include "ClosestName.h"
#include "IndexParts.h"
#include "NumpyUfuncs.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SaveAndRestore.h"
#include "Bf16Functions.h"
#include "Inferer.h"
#include "LiteralFolding.h"
#include "MachineLimits.h"
#include "pyjit/ir/Signature.h"

#include <numeric>
#include "pyjit/ir/Coop.h"
#include "pyjit/ir/Libdevice.h"
#include "pyjit/frontend/Parser.h"
#include "pyjit/frontend/VariableWebs.h"
#include "pyjit/ir/MathFunctions.h"
#include "pyjit/ir/VectorTypes.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <charconv>
#include <cstdio>
#include <limits>
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

/// `a op b` for one of == != < <= > >=; none for another operator.
template <typename T> static std::optional<bool> orderedCompare(CompareOp op, T a, T b) {
  switch (op) {
  case CompareOp::Eq: return a == b;
  case CompareOp::NotEq: return a != b;
  case CompareOp::Lt: return a < b;
  case CompareOp::LtE: return a <= b;
  case CompareOp::Gt: return a > b;
  case CompareOp::GtE: return a >= b;
  default: return std::nullopt;
  }
}

namespace pyjit::ir::detail {

static std::optional<std::string> pythonText(const GlobalValue &v, bool asLiteral);

std::optional<TypedFunction> Inferer::run() {
  if (result.paramTypes.size() != def.params.size()) {
    diags.error(def.range, "function '" + def.name + "' takes " +
                               llvm::Twine(def.params.size()) + " argument" +
                               (def.params.size() == 1 ? "" : "s") + " but the signature gives " +
                               llvm::Twine(result.paramTypes.size()) + " type" +
                               (result.paramTypes.size() == 1 ? "" : "s"));
    return std::nullopt;
  }
  unsigned arrays = 0, float32Arrays = 0;
  for (size_t i = 0; i < def.params.size(); ++i) {
    localNames.insert(def.params[i].name);
    ++assignments[def.params[i].name]; // the argument: never a constant local
    result.locals[def.params[i].name] = result.paramTypes[i];
    typeOrigin[def.params[i].name] = def.params[i].range;
    parameterNames.insert(def.params[i].name);
    if (auto *at = llvm::dyn_cast_or_null<ArrayType>(result.paramTypes[i])) {
      ++arrays;
      float32Arrays += at->dtype() == ctx.float32();
    }
  }
  if (isKernel) {
    warnFloat64 = arrays > 0 && arrays == float32Arrays;
    if (registry) // (its device functions are typed after this: they warn too)
      registry->float32Kernel = warnFloat64;
  } else {
    warnFloat64 = registry && registry->float32Kernel;
  }
  collectLocals(def.body);
  // Phi variables (VariableWebs.h): each is written by the versions that
  // reach a read together, its type their unification (assignVar); a
  // version that writes one is not a constant local (the read may see
  // another), nor is the phi.
  for (const auto &[version, phis] : def.phiTargets) {
    ++assignments[version];
    for (const std::string &phi : phis) {
      assignments[phi] += 2;
      localNames.insert(phi);
      result.locals.try_emplace(phi, nullptr);
    }
  }
  for (size_t i = 0; i < def.params.size(); ++i)
    if (auto it = def.phiTargets.find(def.params[i].name); it != def.phiTargets.end())
      for (const std::string &phi : it->second)
        assignVar(phi, result.paramTypes[i], def.params[i].range);
  // A parameter given a constant and never assigned reads as the constant
  // (numba types a literal argument Literal[int]): strong, as a variable is.
  for (size_t i = 0; i < paramConstants.size() && i < def.params.size(); ++i)
    if (paramConstants[i] && assignments[def.params[i].name] == 1) {
      ExprInfo c{result.paramTypes[i]};
      c.constant = paramConstants[i];
      c.fromLocal = true;
      constantLocals[def.params[i].name] = {c, def.range.begin};
    }
  for (const StmtPtr &s : def.body)
    if (auto *a = dyn_cast<AssignStmt>(s.get()))
      topLevelAssigns.insert(a);
  // Fixpoint over local variable types; types only widen, so this ends.
  for (int iter = 0; iter < 32; ++iter) {
    changed = false;
    failed = false;
    typedDefs.clear(); // (each pass sees the defs run before each call)
    result.exprs.clear();
    result.optionalReads.clear();
    result.calls.clear();
    result.allocExtents.clear();
    block(def.body);
    if (!changed)
      break;
  }
  reporting = true;
  failed = false;
  typedDefs.clear();
  result.exprs.clear();
  result.optionalReads.clear();
  result.calls.clear();
  result.allocExtents.clear();
  returnsNone = false;
  block(def.body);
  if (!isKernel && result.returnType && !failed && (returnsNone || !alwaysReturns(def.body))) {
    // A value on some paths, None on others (`return None`, or the end
    // reached): numba's Optional of a number. A recursive function returns
    // no Optional (its ABI), nor does a function of other values.
    bool recursive = llvm::any_of(result.calls, [](const auto &c) { return c.second.recursive; });
    Type *optional = recursive ? nullptr : unifyTypes(ctx, result.returnType, ctx.none());
    if (optional)
      result.returnType = optional;
    else if (returnsNone)
      error(firstValueReturn, "device function '" + def.name +
                                  "' returns a value here but None on another path" +
                                  (recursive ? " (a recursive function returns no Optional: a "
                                               "value on every path, or None on every path)"
                                             : " (numba's Optional holds a number, a bool or an array, not " +
                                                   typeName(result.returnType) + ")"));
    else
      error(def.range, "not every path of device function '" + def.name +
                           "' returns a value (add a return at the end)");
  }
  if (!result.returnType)
    result.returnType = ctx.none();
  // A local whose every assignment is in code that is not lowered (a
  // branch decided when compiling, code after a return) has no type: fine
  // unless live code reads it (Python's UnboundLocalError).
  for (const std::string &alias : aliases) // names of compile-time values, not variables
    result.locals.erase(alias);
  for (auto it = result.locals.begin(); it != result.locals.end();) {
    if (it->second || failed) {
      ++it;
      continue;
    }
    const Expr *read = nullptr;
    for (const auto &[expr, info] : result.exprs)
      if (auto *n = dyn_cast<NameExpr>(expr); n && n->name == it->first)
        if (!read || std::make_pair(n->range().begin.line, n->range().begin.col) <
                         std::make_pair(read->range().begin.line, read->range().begin.col))
          read = n;
    if (read)
      error(read->range(), "local variable '" + sourceName(it->first) + "' is read, but no assignment to it "
                           "is ever run (Python raises UnboundLocalError)");
    it = read ? std::next(it) : result.locals.erase(it);
  }
  if (failed || diags.hasErrors())
    return std::nullopt;
  return std::move(result);
}

void Inferer::collectLocals(const Block &b) {
  forEachAssignedName(
      b,
      [&](const std::string &name) {
        ++assignments[name];
        localNames.insert(name);
        result.locals.try_emplace(name, nullptr);
      },
      [&](const FunctionDef &d) { nestedDefs[d.name] = &d; });
}

void Inferer::block(const Block &b) {
  for (size_t i = 0; i < b.size(); ++i) {
    // A docstring (a string as the function's first statement) is skipped.
    if (&b == &def.body && i == 0)
      if (auto *es = dyn_cast<ExprStmt>(b[i].get()))
        if (isa<StrLitExpr>(es->expr.get()))
          continue;
    stmt(*b[i]);
    // After a statement that always leaves (leaves(): a return, break,
    // continue or raise, or an if or loop no path falls out of), the rest is
    // dead: not typed, as IRGen does not lower it (CPython's compiler drops
    // it, so numba never sees it).
    if (leaves(*b[i]))
      return;
    if (auto *s = dyn_cast<IfStmt>(b[i].get()))
      if (std::optional<bool> known = decidedTruth(*s->cond))
        if (alwaysReturns(*known ? s->body : s->orelse))
          return;
  }
}

void Inferer::loopBody(const Stmt &loop, const Block &body) {
  bool outer = std::exchange(reachedBreak, false);
  ++loopDepth;
  block(body);
  --loopDepth;
  if (reachedBreak)
    loopsBroken.insert(&loop); // (kept: a later copy of the body may not break)
  reachedBreak = outer;
}

bool Inferer::leaves(const Stmt &s) {
  auto any = [&](const Block &b) {
    return llvm::any_of(b, [&](const StmtPtr &x) { return leaves(*x); });
  };
  if (isa<ReturnStmt, BreakStmt, ContinueStmt, RaiseStmt>(s))
    return true;
  if (auto *i = dyn_cast<IfStmt>(&s)) {
    // Decided (typed already: `if True: break`): its taken branch; else
    // both branches (IRGen's merge block then has no predecessor).
    if (std::optional<bool> known = decidedTruth(*i->cond))
      return any(*known ? i->body : i->orelse);
    return !i->orelse.empty() && any(i->body) && any(i->orelse);
  }
  // A loop no reached `break` leaves, whose `else:` leaves or that never
  // ends (`while True:`): IRGen's exit block then has no predecessor.
  if (auto *f = dyn_cast<ForStmt>(&s))
    return !f->orelse.empty() && any(f->orelse) && !loopsBroken.contains(f);
  if (auto *w = dyn_cast<WhileStmt>(&s)) {
    std::optional<bool> known = prunedCondition(*w->cond);
    if (std::optional<bool> decided = decidedTruth(*w->cond); decided && !*decided)
      known = false;
    if (known && !*known) // `while False:`: only the else runs
      return any(w->orelse);
    if (loopsBroken.contains(w))
      return false;
    return known || (!w->orelse.empty() && any(w->orelse));
  }
  return false;
}

Type *heldAtRunTime(TypeContext &ctx, Type *t) {
  if (auto *bt = llvm::dyn_cast_or_null<BuiltinType>(t); bt && bt->path() == "str")
    return ctx.builtin("str.runtime");
  auto *tt = llvm::dyn_cast_or_null<TupleType>(t);
  if (!tt || tt->isNamed())
    return t;
  std::vector<Type *> elems;
  bool changed = false;
  for (Type *e : tt->elements()) {
    elems.push_back(heldAtRunTime(ctx, e));
    changed |= elems.back() != e;
  }
  return changed ? ctx.tuple(elems) : t;
}

ExprInfo Inferer::condition(const Expr &e) {
  ExprInfo c = expr(e);
  if (auto *tt = llvm::dyn_cast_or_null<TupleType>(c.type)) {
    // A tuple's truth is its being non-empty (Python's, numba's): a constant,
    // so the branch not taken is pruned (calls inside the tuple still run).
    c = constant(GlobalValue::ofBool(tt->size() > 0));
    result.exprs[&e] = c;
  }
  return c;
}

void Inferer::assignVar(const std::string &name, Type *type, SourceRange r) {
  if (!type)
    return;
  if (auto [it, first] = float64ByName.try_emplace(name, assigningFloat64); !first)
    it->second = it->second && assigningFloat64;
  // Strings that reach one read on different paths (a variable assigned
  // once holds its constant: constantLocals): one of them at run time.
  type = heldAtRunTime(ctx, type);
  if (!isVariableType(type)) {
    error(r, "cannot assign a value of type " + typeName(type) + " to variable '" +
                 sourceName(name) + "'");
    return;
  }
  Type *&slot = result.locals[name];
  Type *unified = unifyTypes(ctx, slot, type);
  if (!unified) {
    bool optional = isa<NoneType>(slot) || isa<NoneType>(type);
    error(r, "variable '" + sourceName(name) + "' is assigned both " + typeName(slot) +
                 " and " + typeName(type) + ", which do not unify" +
                 (optional ? " (pyjit gives one type to the assignments that reach a common "
                             "read: numba's Optional, a number, a bool or an array or None, "
                             "holds no tuples or records)"
                           : " (assignments that reach a common read must unify)"));
    if (reporting && typeOrigin.count(name))
      diags.note(typeOrigin[name], "'" + sourceName(name) + "' is " + typeName(slot) +
                                       " because of this definition");
    if (reporting)
      ununified.insert(name);
    return;
  }
  if (unified != slot) {
    if (!slot || !typeOrigin.count(name))
      typeOrigin[name] = r;
    slot = unified;
    changed = true;
  }
  // The phi variables this version also writes (numba's phi nodes: the
  // unification of what reaches them).
  if (auto it = def.phiTargets.find(name); it != def.phiTargets.end())
    for (const std::string &phi : it->second)
      assignVar(phi, type, r);
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
    if (auto *at = dyn_cast<ArrayType>(value.type)) {
      // x, y, z = pos[i]: the array's elements (rows of an n-d array), as
      // numba unpacks arrays; debug mode checks the length.
      if (llvm::any_of(t->elts, [](const ExprPtr &x) { return isa<StarredExpr>(*x); })) {
        error(valueRange, "a starred target cannot take an array's elements (unpack a tuple)");
        return;
      }
      if (at->ndim() == 0 || at->isPointer()) {
        error(valueRange, at->isPointer() ? "cannot unpack a pointer (it has no length)"
                                          : "cannot unpack a 0-d array (read its element with [()])");
        return;
      }
      Type *elem = firstAxisElement(ctx, at);
      for (const ExprPtr &x : t->elts)
        assignTo(*x, ExprInfo{elem}, valueRange);
      return;
    }
    auto *tt = dyn_cast<TupleType>(value.type);
    if (!tt) {
      error(valueRange, "cannot unpack a value of type " + typeName(value.type));
      return;
    }
    auto star = llvm::find_if(t->elts, [](const ExprPtr &x) { return isa<StarredExpr>(*x); });
    if (star != t->elts.end()) {
      // a, *rest, z = t: `rest` takes the elements the others leave, a tuple.
      size_t before = static_cast<size_t>(star - t->elts.begin());
      size_t after = t->elts.size() - before - 1;
      if (tt->size() < before + after) {
        error(valueRange, "cannot unpack " + llvm::Twine(tt->size()) + " values into " +
                              llvm::Twine(before + after) + " targets and a starred one");
        return;
      }
      llvm::ArrayRef<Type *> all = tt->elements();
      for (size_t i = 0; i < before; ++i)
        assignTo(*t->elts[i], ExprInfo{all[i]}, valueRange);
      std::vector<Type *> rest(all.begin() + before, all.end() - after);
      assignTo(*cast<StarredExpr>(**star).value, ExprInfo{ctx.tuple(rest)}, valueRange);
      result.exprs[star->get()] = ExprInfo{ctx.none()};
      for (size_t i = 0; i < after; ++i)
        assignTo(*t->elts[before + 1 + i], ExprInfo{all[all.size() - after + i]}, valueRange);
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
  bool positional = false; // a[i][0] = v: typed first, a field by position if a[i] is a record
  if (auto *s = dyn_cast<SubscriptExpr>(&target); s && !isa<StrLitExpr>(*s->index)) {
    ExprInfo typed = expr(target);
    positional = result.recordFieldNames.count(s) != 0;
    if (!positional)
      return assignToItem(*s, typed, value, valueRange);
  }
  if (positional || isa<AttributeExpr>(target) ||
      (isa<SubscriptExpr>(target) && isa<StrLitExpr>(*cast<SubscriptExpr>(target).index))) {
    // a[i].x = v, a[i]['x'] = v, a[i][0] = v: a field of a record array's element.
    ExprInfo field = positional ? result.exprs[&target] : expr(target);
    const Expr &element = isa<AttributeExpr>(target) ? *cast<AttributeExpr>(target).value
                                                     : *cast<SubscriptExpr>(target).value;
    auto *rt = llvm::dyn_cast_or_null<RecordType>(result.exprs[&element].type);
    if (!field.type || !value.type)
      return;
    if (!rt) {
      if (isa<AttributeExpr>(target))
        error(target.range(), "assignment to an attribute is not supported in kernels");
      else
        error(target.range(), "cannot assign to an item of a value of type " +
                                  typeName(result.exprs[&element].type));
      return;
    }
    if (rt->readonly())
      error(target.range(), "cannot write to a read-only array (its element is " +
                                typeName(rt) + ")");
    else if (auto *ft = dyn_cast<ArrayType>(field.type)) // rec.f = x: into the field's elements
      checkStoreIntoView(ft, value, valueRange, "an array field");
    else if (isa<RecordType>(field.type))
      error(target.range(), "cannot assign a whole nested record; assign its fields "
                            "(a[i].f.x = ...)");
    else if (auto *cs = dyn_cast<CharSeqType>(field.type))
      checkCharSeqValue(cs, value, valueRange, "into a record field of " + typeName(cs));
    else if (!value.type->isScalar())
      error(valueRange, "cannot store a value of type " + typeName(value.type) +
                            " into a record field of " + typeName(field.type));
    else if (isa<ComplexType>(value.type) && !isa<ComplexType>(field.type))
      error(valueRange, "cannot store a complex value (" + typeName(value.type) +
                            ") into a record field of " + typeName(field.type));
    return;
  }
  if (auto *s = dyn_cast<SubscriptExpr>(&target))
    return assignToItem(*s, expr(*s), value, valueRange);
  error(target.range(), "assignment to an attribute is not supported in kernels");
}

void Inferer::checkStoreIntoView(ArrayType *vt, const ExprInfo &value, SourceRange valueRange,
                                  llvm::StringRef what) {
  // a[lo:hi] = x (numba's setitem on a slice), rec.f = x of an array field:
  // a number fills it, an array broadcasts into it, a tuple of numbers fills
  // a 1-d one.
  auto bad = [&](const llvm::Twine &why) {
    error(valueRange, "cannot assign a value of type " + typeName(value.type) + " to " +
                          typeName(vt) + " (" + what + "): " + why);
  };
  Type *from = value.type;
  if (auto *va = dyn_cast<ArrayType>(value.type)) {
    if (va->ndim() > vt->ndim())
      return bad("it has more dimensions");
    from = va->dtype();
  } else if (auto *tt = dyn_cast<TupleType>(value.type)) {
    if (vt->ndim() != 1)
      return bad("a tuple fills a 1-d one only");
    for (Type *t : tt->elements())
      if (!t->isScalar() || (isa<ComplexType>(t) && !isa<ComplexType>(vt->dtype())))
        return bad("a tuple of numbers of its kind fills it");
    from = nullptr;
  }
  if (isa<RecordType>(vt->dtype()))
    return bad("assign the records one by one");
  if (from && (!from->isScalar() || (isa<ComplexType>(from) && !isa<ComplexType>(vt->dtype())) ||
               (isa<IntType>(from) && cast<IntType>(from)->isEnum())))
    return bad("it takes a number, an array of numbers or a tuple of numbers");
}

void Inferer::assignToItem(const SubscriptExpr &target, const ExprInfo &elem,
                           const ExprInfo &value, SourceRange valueRange) {
  if (!elem.type || !value.type)
    return;
  ExprInfo base = result.exprs[target.value.get()];
  if (auto *ft = llvm::dyn_cast_or_null<FlatIterType>(base.type))
    base = ExprInfo{ft->array()}; // a.flat[i] = v
  if (!llvm::isa_and_nonnull<ArrayType>(base.type)) {
    error(target.range(), "cannot assign to an item of a value of type " + typeName(base.type));
    return;
  }
  if (cast<ArrayType>(base.type)->readonly()) {
    readOnlyError(target.range(), base.type, *target.value);
    return;
  }
  if (auto *vt = dyn_cast<ArrayType>(elem.type))
    return checkStoreIntoView(vt, value, valueRange, "a slice");
  if (auto *rt = dyn_cast<RecordType>(elem.type)) {
    // a[i] = b[j]: a copy of a record of the same dtype (numba).
    auto *vt = dyn_cast<RecordType>(value.type);
    if (!vt || vt->writable() != rt->writable())
      error(valueRange, "cannot store a value of type " + typeName(value.type) +
                            " into an array of " + typeName(rt->writable()) +
                            " (a record of the same dtype, or its fields one by one)");
    return;
  }
  checkElementStore(elem.type, value, valueRange);
}

bool Inferer::checkCharSeqValue(CharSeqType *to, const ExprInfo &value, SourceRange range,
                                const llvm::Twine &what) {
  // A string constant whose characters fit (a bytes item holds code points
  // below 256), or an item of the same kind, of any length (cut or padded).
  if (value.constant && value.constant->isString()) {
    if (to->unicode())
      return true;
    llvm::StringRef text = value.constant->data;
    for (size_t k = 0; k < text.size(); ++k) {
      auto c = static_cast<unsigned char>(text[k]);
      // UTF-8: a code point below 256 is one byte below 0x80, or 0xC2/0xC3
      // and a continuation byte.
      if (c >= 0x80 && c != 0xC2 && c != 0xC3) {
        error(range, "the string " + llvm::Twine(value.constant->data.size() > 40 ? "constant"
                                                  : "'" + value.constant->data + "'") +
                         " has characters a bytes item cannot hold (code points of 256 and "
                         "above)" + (what.isTriviallyEmpty() ? llvm::Twine()
                                                            : ": cannot store it " + what));
        return false;
      }
      if (c >= 0x80)
        ++k;
    }
    return true;
  }
  auto *from = llvm::dyn_cast_or_null<CharSeqType>(value.type);
  if (from && from->unicode() == to->unicode())
    return true;
  error(range, (what.isTriviallyEmpty() ? "cannot compare " + aTypeName(to) +
                                              " with a value of type " + typeName(value.type)
                                        : "cannot store a value of type " +
                                              typeName(value.type) + " " + what) +
                   " (it takes a string constant or a " + (to->unicode() ? "str" : "bytes") +
                   " item)");
  return false;
}

std::optional<ExprInfo> Inferer::charSeqComparison(const CompareExpr &c,
                                                   llvm::ArrayRef<ExprInfo> ops) {
  auto item = [](const ExprInfo &x) { return llvm::dyn_cast_or_null<CharSeqType>(x.type); };
  if (!llvm::any_of(ops, item))
    return std::nullopt;
  if (c.ops.size() != 1 || (c.ops[0] != CompareOp::Eq && c.ops[0] != CompareOp::NotEq)) {
    error(c.range(), "bytes and str items compare with '==' and '!=' in kernels");
    return ExprInfo{};
  }
  CharSeqType *cs = item(ops[0]) ? item(ops[0]) : item(ops[1]);
  const ExprInfo &other = item(ops[0]) ? ops[1] : ops[0];
  if (other.constant && other.constant->isString() &&
      (other.constant->dtype == "bytes") == cs->unicode())
    // A bytes item and a str, or a str item and bytes: never equal, as
    // NumPy's np.bytes_(b'a') == 'a' and Python's b'a' == 'a' (numba has no
    // such comparison: charseq.py's _same_kind).
    return constant(GlobalValue::ofBool(c.ops[0] != CompareOp::Eq));
  if (!checkCharSeqValue(cs, other, c.range(), llvm::Twine()))
    return ExprInfo{};
  return ExprInfo{ctx.boolean()};
}

void Inferer::checkElementStore(Type *elemType, const ExprInfo &value, SourceRange valueRange) {
  // A datetime, a number or a bool stored into one element of a non-record
  // array: a[i] = v, a.fill(v).
  if (auto *cs = dyn_cast<CharSeqType>(elemType)) {
    checkCharSeqValue(cs, value, valueRange, "into an array of " + typeName(cs));
    return;
  }
  if (auto *ed = dyn_cast<DatetimeType>(elemType)) {
    // The same kind, in the array's unit or a coarser one (converted exactly).
    auto *vd = dyn_cast<DatetimeType>(value.type);
    if (!vd || vd->isTimedelta() != ed->isTimedelta() || !unitFactor(vd->unit(), ed->unit()))
      error(valueRange, "cannot store a value of type " + typeName(value.type) +
                            " into an array of " + typeName(elemType) +
                            (vd && vd->isTimedelta() == ed->isTimedelta()
                                 ? (unitFactor(ed->unit(), vd->unit())
                                        ? " (its unit is finer than the array's: a store "
                                          "would lose the remainder)"
                                        : " (units " + vd->unit().str() + " and " +
                                              ed->unit().str() +
                                              " do not convert: years and months pair only "
                                              "with each other)")
                                 : std::string()));
    return;
  }
  auto *ev = dyn_cast<IntType>(value.type);
  if (!value.type->isScalar() || (ev && ev->isEnum() && value.type != elemType))
    error(valueRange, "cannot store a value of type " + typeName(value.type) +
                          " into an array of " + typeName(elemType) +
                          (ev && ev->isEnum() ? " (store its .value)"
                           : isa<NoneType>(value.type)
                               ? " (a function without a `return value` gives None)"
                               : ""));
  else if (isa<ComplexType>(value.type) && !isa<ComplexType>(elemType))
    // Python: float(1j) is a TypeError; numba refuses the conversion too.
    error(valueRange, "cannot store a complex value (" + typeName(value.type) +
                          ") into an array of " + typeName(elemType) +
                          ": take its .real or abs() first");
}

void Inferer::stmt(const Stmt &s) {
  switch (s.kind()) {
  case Stmt::Kind::Expr: {
    const Expr &e = *cast<ExprStmt>(s).expr;
    if (isa<StrLitExpr>(e) || isa<EllipsisExpr>(e))
      return; // a bare string (comment-style docstring) or `...` is a no-op
    warnNoEffect(e, expr(e));
    return;
  }
  case Stmt::Kind::Assign: {
    auto &a = cast<AssignStmt>(s);
    if (llvm::all_of(a.targets, [](const ExprPtr &t) { return isa<NameExpr>(*t); }))
      keepOptional = a.value.get(); // x = f(): x may hold None
    ExprInfo v = valueOf(*a.value, expr(*a.value));
    // `f = one_device_function`, `dt = np.float32`: a version assigned once
    // (VariableWebs.h; also in a loop or a branch) that no read shares with
    // another is a name for that compile-time value (numba types the
    // variable as the function or dtype), no run-time variable.
    if (llvm::isa_and_nonnull<BuiltinType>(v.type) && !isRuntimeStr(v.type) &&
        a.targets.size() == 1)
      if (auto *n = dyn_cast<NameExpr>(a.targets[0].get()); n && assignments[n->name] == 1) {
        constantLocals[n->name] = {v, a.range().end};
        aliases.insert(n->name);
        result.exprs[n] = v;
        return;
      }
    // `TILE = 32`, assigned nowhere else: reads are the constant, as numba
    // types such a local Literal[int] (so it can size a shared array).
    // Only at the function's top level, so the assignment dominates every
    // later read (one inside an `if` may not have run).
    if (v.constant && topLevelAssigns.count(&a) &&
        (v.constant->kind == GlobalValue::Kind::Int ||
                       v.constant->kind == GlobalValue::Kind::Float ||
                       v.constant->kind == GlobalValue::Kind::Bool ||
                       v.constant->kind == GlobalValue::Kind::Tuple))
      for (const ExprPtr &t : a.targets)
        if (auto *n = dyn_cast<NameExpr>(t.get()); n && assignments[n->name] == 1) {
          // Strong, as a variable is (s = 2.0 is a float64 variable).
          ExprInfo c = v;
          c.weak = false;
          c.fromLocal = true;
          if (Type *declared = result.locals[n->name])
            c.type = declared;
          constantLocals[n->name] = {c, a.range().end};
        }
    assigningFloat64 = warnFloat64 && explicitFloat64(*a.value);
    for (const ExprPtr &t : a.targets)
      assignTo(*t, v, a.value->range());
    assigningFloat64 = false;
    return;
  }
  case Stmt::Kind::AugAssign: {
    auto &a = cast<AugAssignStmt>(s);
    // With a source (VariableWebs), x is read from one version and written to another.
    ExprInfo cur = expr(a.source ? *a.source : *a.target);
    ExprInfo v = expr(*a.value);
    if (!cur.type || !v.type)
      return;
    // What can be written: a variable, a record's field, an array's element.
    if (auto *attr = dyn_cast<AttributeExpr>(a.target.get());
        attr && !isa<RecordType>(result.exprs[attr->value.get()].type)) {
      error(a.target->range(), "assignment to an attribute is not supported in kernels");
      return;
    }
    if (auto *sub = dyn_cast<SubscriptExpr>(a.target.get())) {
      Type *bt = result.exprs[sub->value.get()].type;
      bool field = isa<RecordType>(bt); // a[i]['x'] += v, a[i][0] += v
      if (auto *ft = dyn_cast<FlatIterType>(bt))
        bt = ft->array(); // a.flat[i] += v
      if (!field && !isa<ArrayType>(bt)) {
        error(a.target->range(), "cannot assign to an item of a value of type " + typeName(bt) +
                                     (isa<TupleType>(bt) ? " (tuples are immutable)" : ""));
        return;
      }
    }
    if (auto *at = dyn_cast<ArrayType>(cur.type)) {
      // a[1:3] += 1, a *= b: NumPy's in-place operator, element by element
      // over the target (the value broadcast to it); the array is unchanged.
      auto *va = dyn_cast<ArrayType>(v.type);
      TypedOperand value = va ? TypedOperand{va->dtype()} : operandOf(v);
      Type *r = at->dtype()->isScalar() && value.type->isScalar() &&
                        (!va || va->ndim() <= at->ndim())
                    ? binaryResultType(ctx, a.op, {at->dtype(), false}, value)
                    : nullptr;
      if (!r)
        error(s.range(), llvm::Twine("unsupported operand types for ") + binaryOpSpelling(a.op) +
                             "=: " + typeName(cur.type) + " and " + typeName(v.type) +
                             (va && va->ndim() > at->ndim()
                                  ? " (the value has more dimensions than the target)"
                                  : ""));
      else if (at->readonly())
        readOnlyError(a.target->range(), at, *a.target);
      else if (isa<ComplexType>(r) && !isa<ComplexType>(at->dtype()))
        error(s.range(), "cannot store a complex value (" + typeName(r) + ") into an array of " +
                             typeName(at->dtype()) + ": take its .real or abs() first");
      else if (a.source) // the same array, now in the written version
        assignVar(cast<NameExpr>(*a.target).name, cur.type, a.target->range());
      return;
    }
    if (a.source && isa<TupleType>(cur.type)) {
      // t += (3,), t *= 2 read from one version and written to another:
      // the new tuple, as `t = t + (3,)` makes it.
      if (std::optional<ExprInfo> t = tupleOperator(a.op, cur, v, s.range())) {
        if (t->type) {
          result.exprs[a.target.get()] = *t; // the new tuple (IRGen builds it)
          assignVar(cast<NameExpr>(*a.target).name, t->type, a.target->range());
        }
        return;
      }
    }
    Type *r = binaryResultType(ctx, a.op, {cur.type, false}, operandOf(v));
    if (!r) {
      error(s.range(), llvm::Twine("unsupported operand types for ") + binaryOpSpelling(a.op) +
                           "=: " + typeName(cur.type) + " and " + typeName(v.type));
      return;
    }
    // (x += v: as x = x + v for the float64 warning)
    const Expr &read = a.source ? *a.source : *a.target;
    warnFloat64Arithmetic(s.range(), a.op, read, cur, *a.value, v, r);
    if (isa<NameExpr>(*a.target)) {
      assigningFloat64 =
          warnFloat64 && r == ctx.float64() && explicitFloat64Operands(read, *a.value);
      assignVar(cast<NameExpr>(*a.target).name, r, a.target->range());
      assigningFloat64 = false;
    }
    if (isa<AttributeExpr>(*a.target) || isa<SubscriptExpr>(*a.target))
      // a[i].x += v, r['x'] += v, r[0] += v: a record field, written back.
      if (const Expr *el = isa<AttributeExpr>(*a.target) ? cast<AttributeExpr>(*a.target).value.get()
                                                         : cast<SubscriptExpr>(*a.target).value.get();
          el && llvm::isa_and_nonnull<RecordType>(result.exprs[el].type) &&
          cast<RecordType>(result.exprs[el].type)->readonly()) {
        error(a.target->range(), "cannot write to a read-only array (its element is " +
                                     typeName(result.exprs[el].type) + ")");
        return;
      }
    if (auto *sub = dyn_cast<SubscriptExpr>(a.target.get()))
      if (auto *at = llvm::dyn_cast_or_null<ArrayType>(result.exprs[sub->value.get()].type)) {
        if (at->readonly())
          readOnlyError(a.target->range(), at, *sub->value);
        else if (isa<ComplexType>(r) && !isa<ComplexType>(at->dtype()))
          error(s.range(), "cannot store a complex value (" + typeName(r) +
                               ") into an array of " + typeName(at->dtype()) +
                               ": take its .real or abs() first");
      }
    return;
  }
  case Stmt::Kind::If: {
    auto &i = cast<IfStmt>(s);
    ExprInfo c = condition(*i.cond);
    if (c.constant || result.decidedTruths.count(i.cond.get()))
      if (std::optional<bool> known = decidedTruth(*i.cond)) {
        // Decided when compiling (`if scale is None:`, `if DEBUG:`): the
        // other branch is neither typed nor lowered (numba prunes it too).
        block(*known ? i.body : i.orelse);
        return;
      }
    if (c.type && !hasTruth(c.type))
      error(i.cond->range(), "the truth value of " + aTypeName(c.type) +
                                 " is not supported in kernels");
    block(i.body);
    block(i.orelse);
    return;
  }
  case Stmt::Kind::While: {
    auto &w = cast<WhileStmt>(s);
    ExprInfo c = condition(*w.cond);
    if (c.type && !hasTruth(c.type))
      error(w.cond->range(), "the truth value of " + aTypeName(c.type) +
                                 " is not supported in kernels");
    // Decided when compiling: `while False:` runs only its else, and the
    // else of `while True:` never runs (IRGen lowers neither); `while c and
    // DEBUG:` of a False DEBUG is `while False:` after evaluating c.
    std::optional<bool> known = c.constant ? c.constant->truth() : std::nullopt;
    if (std::optional<bool> decided = decidedTruth(*w.cond); decided && !*decided)
      known = false;
    if (!known || *known)
      loopBody(s, w.body);
    if (!known || !*known)
      block(w.orelse); // a break there leaves an enclosing loop
    return;
  }
  case Stmt::Kind::For: {
    auto &f = cast<ForStmt>(s);
    emptyTupleLoop = false;
    const Expr *iter = f.iter.get();
    if (auto *call = dyn_cast<CallExpr>(iter); call && spreadsInLoop(*call))
      iter = starredLoopCall(f, *call); // zip(*t): zip(t[0], t[1], ..)
    Type *elem = iter ? iterElementType(*iter) : nullptr;
    if (emptyTupleLoop) {
      // `for x in ()` (an empty starred rest, say): no iteration; the body
      // is dead, as after a return, and not typed.
      block(f.orelse);
      return;
    }
    if (elem)
      assignTo(*f.target, ExprInfo{elem}, f.iter->range());
    loopBody(s, f.body);
    block(f.orelse);
    return;
  }
  case Stmt::Kind::Return: {
    auto &r = cast<ReturnStmt>(s);
    if (!r.value || isa<NoneLitExpr>(*r.value)) {
      returnsNone = true;
      return;
    }
    keepOptional = r.value.get();
    ExprInfo v = valueOf(*r.value, expr(*r.value));
    if (v.type && isa<NoneType>(v.type)) { // `return f()` of a function returning None
      returnsNone = true;
      return;
    }
    if (isKernel) {
      error(r.value->range(), "a kernel cannot return a value");
      return;
    }
    if (!v.type) {
      // `return a if b == 0 else f(b, a % b)` in a recursive f: the call has
      // no result type until a return gives one. The branches that typed
      // give it (numba types the phi from them), and the next pass types
      // the call; a branch's own error is reported in the last pass.
      std::vector<Type *> branchTypes;
      std::function<void(const Expr &)> typedBranches = [&](const Expr &x) {
        if (auto *c = dyn_cast<IfExpExpr>(&x)) {
          typedBranches(*c->body);
          typedBranches(*c->orelse);
        } else if (auto it = result.exprs.find(&x);
                   it != result.exprs.end() && it->second.type && it->second.type->isScalar()) {
          branchTypes.push_back(it->second.type);
        }
      };
      if (isa<IfExpExpr>(*r.value) && !reporting)
        typedBranches(*r.value);
      for (Type *t : branchTypes)
        if (Type *unified = unifyTypes(ctx, result.returnType, t);
            unified && unified != result.returnType) {
          result.returnType = unified;
          changed = true;
        }
      return;
    }
    v.type = heldAtRunTime(ctx, v.type); // a string returned: known at the call at run time
    // A record is returned as numba returns one: a reference to its data
    // (the caller's `res[0] = f(a)` copies it; `f(a).x = 1` writes a).
    if (holdsIterator(v.type)) {
      error(r.value->range(), "cannot return an iterator (" + typeName(v.type) +
                                  "): its position is in the memory of the function that "
                                  "made it; pass the iterator in instead");
      return;
    }
    if (isa<NoneType>(v.type) || !isVariableType(v.type)) {
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
    if (s.kind() == Stmt::Kind::Break)
      reachedBreak = true;
    if (loopDepth == 0)
      error(s.range(), llvm::Twine("'") + (s.kind() == Stmt::Kind::Break ? "break" : "continue") +
                           "' outside a loop");
    return;
  case Stmt::Kind::Pass:
    return;
  case Stmt::Kind::Raise:
    raiseStmt(cast<RaiseStmt>(s));
    return;
  case Stmt::Kind::Def: {
    // Typed at each call (nestedCall); one name, one meaning.
    const FunctionDef &d = *cast<FunctionDefStmt>(s).def;
    if (localNames.count(d.name))
      error(s.range(), "'" + d.name + "' is both a nested function and a variable here; "
                       "give them different names");
    else if (const FunctionDef *other = nestedDefs.at(d.name); other != &d) {
      // Of two defs, only one may run (the other in a pruned branch).
      if (typedDefs.count(other))
        error(s.range(), "nested function '" + d.name + "' is defined twice; give them "
                         "different names");
      else
        nestedDefs[d.name] = &d;
    }
    typedDefs.insert(&d);
    return;
  }
  case Stmt::Kind::Assert: {
    auto &a = cast<AssertStmt>(s);
    ExprInfo t = condition(*a.test);
    if (t.type && !hasTruth(t.type))
      error(a.test->range(), "the truth value of " + aTypeName(t.type) +
                                 " is not supported in kernels");
    if (a.message) { // a compile-time constant (a literal, a global string), as numba's
      ExprInfo m = expr(*a.message);
      if (!m.type)
        return;
      std::optional<std::string> text;
      if (m.constant)
        text = pythonText(*m.constant, /*asLiteral=*/false);
      if (!text) {
        error(a.message->range(), "an assert message must be a compile-time constant in "
                                  "kernels (a string, a number), not " + aTypeName(m.type) +
                                  " computed at run time");
        return;
      }
      result.assertMessages[&a] = *text;
    }
    return;
  }
  }
}

// Python's exception classes a kernel may raise by their builtin names:
// CPython 3.11's builtin BaseException subclasses (warnings too, as numba
// raises any), less those that end the interpreter (SystemExit,
// KeyboardInterrupt, GeneratorExit), the exception groups and the Unicode
// errors, whose constructors take no message alone.
static bool isBuiltinException(llvm::StringRef name) {
  static const llvm::StringSet<> names = {
      "ArithmeticError", "AssertionError", "AttributeError", "BaseException",
      "BlockingIOError", "BrokenPipeError", "BufferError", "BytesWarning",
      "ChildProcessError", "ConnectionAbortedError", "ConnectionError",
      "ConnectionRefusedError", "ConnectionResetError", "DeprecationWarning", "EOFError",
      "EncodingWarning", "EnvironmentError", "Exception", "FileExistsError",
      "FileNotFoundError", "FloatingPointError", "FutureWarning", "IOError", "ImportError",
      "ImportWarning", "IndentationError", "IndexError", "InterruptedError",
      "IsADirectoryError", "KeyError", "LookupError", "MemoryError", "ModuleNotFoundError",
      "NameError", "NotADirectoryError", "NotImplementedError", "OSError", "OverflowError",
      "PendingDeprecationWarning", "PermissionError", "ProcessLookupError", "RecursionError",
      "ReferenceError", "ResourceWarning", "RuntimeError", "RuntimeWarning",
      "StopAsyncIteration", "StopIteration", "SyntaxError", "SyntaxWarning", "SystemError",
      "TabError", "TimeoutError", "TypeError", "UnboundLocalError", "UnicodeError",
      "UnicodeWarning", "UserWarning", "ValueError", "Warning", "ZeroDivisionError"};
  return names.contains(name);
}

// A compile-time constant as Python prints it: str() (`asLiteral` false) or
// as a literal ast.literal_eval reads back (repr); none for other values.
static std::optional<std::string> pythonText(const GlobalValue &v, bool asLiteral) {
  switch (v.kind) {
  case GlobalValue::Kind::Int:
    if (v.dtype == "uint64")
      return std::to_string(static_cast<uint64_t>(v.i));
    return std::to_string(v.i);
  case GlobalValue::Kind::Bool:
    return std::string(v.i ? "True" : "False");
  case GlobalValue::Kind::None:
    return std::string("None");
  case GlobalValue::Kind::Float: {
    if (std::isnan(v.f) || std::isinf(v.f))
      return asLiteral ? std::nullopt
                       : std::optional<std::string>(std::isnan(v.f) ? "nan"
                                                    : v.f > 0     ? "inf"
                                                                  : "-inf");
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), v.f); // shortest round trip
    std::string text(buf, end);
    // Python's repr: 3.0 (not 3), 1e+20 as 1e+20, 1e-05.
    if (text.find_first_of(".en") == std::string::npos)
      text += ".0";
    return text;
  }
  case GlobalValue::Kind::Unsupported:
    if (!v.isString())
      return std::nullopt;
    if (!asLiteral)
      return v.data;
    {
      std::string quoted = "'";
      for (unsigned char c : v.data) {
        if (c == '\\' || c == '\'')
          quoted += '\\', quoted += static_cast<char>(c);
        else if (c < 0x20 || c == 0x7f) {
          char esc[8];
          std::snprintf(esc, sizeof(esc), "\\x%02x", c);
          quoted += esc;
        } else {
          quoted += static_cast<char>(c); // UTF-8 passes through
        }
      }
      return quoted + "'";
    }
  default:
    return std::nullopt;
  }
}

void Inferer::raiseStmt(const RaiseStmt &r) {
  // raise Exc, raise Exc(), raise Exc("message", 3): numba.cuda's constant
  // exceptions (arguments are compile-time constants); the class is a
  // builtin one or a global naming a class.
  const Expr *cls = r.exc.get();
  TypedFunction::Raise raise;
  if (const auto *c = dyn_cast<CallExpr>(cls)) {
    if (!c->keywords.empty()) {
      error(c->keywords.front().range, "an exception raised in a kernel takes positional "
                                        "arguments only");
      return;
    }
    for (size_t i = 0; i < c->args.size(); ++i) {
      ExprInfo a = expr(*c->args[i]);
      if (!a.type)
        return;
      std::optional<std::string> text;
      if (a.constant)
        text = pythonText(*a.constant, /*asLiteral=*/i > 0);
      else if (isa<NoneType>(a.type))
        text = "None";
      if (!text) {
        error(c->args[i]->range(), "an exception raised in a kernel takes compile-time "
                                   "constants (strings, numbers, bools, None) as its "
                                   "arguments, not " + aTypeName(a.type) + " computed at run "
                                   "time");
        return;
      }
      if (i == 0)
        raise.message = *text;
      else
        raise.args.push_back(*text);
    }
    cls = c->callee.get();
  }
  std::string name;
  const auto *n = dyn_cast<NameExpr>(cls);
  if (n && !localNames.count(n->name) && !globals.lookup(n->name) &&
      isBuiltinException(n->name)) {
    name = "builtins:" + n->name;
  } else if (n && !localNames.count(n->name) && !globals.lookup(n->name) &&
             llvm::is_contained({"SystemExit", "KeyboardInterrupt", "GeneratorExit",
                                 "BaseExceptionGroup", "ExceptionGroup"},
                                llvm::StringRef(n->name))) {
    error(cls->range(), "'" + n->name + "' cannot be raised in kernels (raise an Exception "
                        "subclass: it reaches the host after the launch)");
    return;
  } else {
    ExprInfo info = expr(*cls);
    if (!info.type)
      return;
    if (auto *bt = dyn_cast<BuiltinType>(info.type); bt && bt->path().starts_with("exception."))
      name = bt->path().drop_front(10).str();
  }
  if (name.empty()) {
    error(cls->range(), "'raise' needs an exception class (ValueError, or a class derived "
                        "from Exception) in kernels");
    return;
  }
  raise.exception = std::move(name);
  result.raises[&r] = std::move(raise);
}

ExprPtr copyPureExpr(const Expr &e) {
  SourceRange r = e.range();
  switch (e.kind()) {
  case Expr::Kind::Name:
    return std::make_unique<NameExpr>(r, cast<NameExpr>(e).name);
  case Expr::Kind::Attribute: {
    auto &a = cast<AttributeExpr>(e);
    ExprPtr value = copyPureExpr(*a.value);
    return value ? std::make_unique<AttributeExpr>(r, std::move(value), a.attr) : nullptr;
  }
  case Expr::Kind::Binary: {
    auto &b = cast<BinaryExpr>(e);
    ExprPtr lhs = copyPureExpr(*b.lhs), rhs = lhs ? copyPureExpr(*b.rhs) : nullptr;
    return rhs ? std::make_unique<BinaryExpr>(r, b.op, std::move(lhs), std::move(rhs)) : nullptr;
  }
  case Expr::Kind::IntLit: {
    auto &i = cast<IntLitExpr>(e);
    return std::make_unique<IntLitExpr>(r, i.value, i.isUnsigned);
  }
  case Expr::Kind::FloatLit:
    return std::make_unique<FloatLitExpr>(r, cast<FloatLitExpr>(e).value);
  case Expr::Kind::ImagLit:
    return std::make_unique<ImagLitExpr>(r, cast<ImagLitExpr>(e).value);
  case Expr::Kind::BoolLit:
    return std::make_unique<BoolLitExpr>(r, cast<BoolLitExpr>(e).value);
  case Expr::Kind::NoneLit:
    return std::make_unique<NoneLitExpr>(r);
  case Expr::Kind::StrLit: {
    auto &str = cast<StrLitExpr>(e);
    return std::make_unique<StrLitExpr>(r, str.value, str.bytes);
  }
  case Expr::Kind::Unary: {
    auto &u = cast<UnaryExpr>(e);
    ExprPtr operand = copyPureExpr(*u.operand);
    return operand ? std::make_unique<UnaryExpr>(r, u.op, std::move(operand)) : nullptr;
  }
  case Expr::Kind::Tuple: {
    std::vector<ExprPtr> elts;
    for (const ExprPtr &x : cast<TupleExpr>(e).elts) {
      elts.push_back(copyPureExpr(*x));
      if (!elts.back())
        return nullptr;
    }
    return std::make_unique<TupleExpr>(r, std::move(elts), cast<TupleExpr>(e).list);
  }
  default:
    return nullptr;
  }
}

ExprInfo Inferer::chainLink(const CompareExpr &c, size_t i, llvm::ArrayRef<ExprInfo> ops) {
  // `lo < x in t` is `lo < x and x in t`, x evaluated once: the link is
  // `x in t` alone over temporaries (literals as written), typed (and
  // lowered) as that syntax is.
  std::string prefix = tempPrefix("chain", &c, c.range());
  TypedFunction::ChainLink link;
  std::vector<ExprPtr> operands;
  for (size_t k : {i, i + 1}) {
    const Expr &o = *c.operands[k];
    const ExprInfo &v = ops[k];
    if (v.constant && v.constant->isString()) { // written in, as the syntax has it
      operands.push_back(std::make_unique<StrLitExpr>(o.range(), v.constant->data,
                                                      v.constant->dtype == "bytes"));
      continue;
    }
    if (isa<NoneType>(v.type)) {
      operands.push_back(std::make_unique<NoneLitExpr>(o.range()));
      continue;
    }
    if (ExprPtr literal = copyPureExpr(o)) { // (0.1,) stays a tuple of weak literals, H a global
      operands.push_back(std::move(literal));
      continue;
    }
    if (!isVariableType(heldAtRunTime(ctx, v.type))) { // (("a", "b"): as a variable holds it)
      error(o.range(), llvm::Twine("an operand of '") + compareOpSpelling(c.ops[i]) +
                           "' in a chained comparison is a value, not " + aTypeName(v.type));
      return {};
    }
    std::string &temp = k == i ? link.left : link.right;
    temp = prefix + std::to_string(k);
    localNames.insert(temp);
    assignVar(temp, v.type, o.range());
    if (v.constant)
      constantLocals[temp] = {v, c.range().begin};
    operands.push_back(std::make_unique<NameExpr>(o.range(), temp));
  }
  SourceRange r(c.operands[i]->range().begin, c.operands[i + 1]->range().end);
  link.compare = std::make_unique<CompareExpr>(r, std::vector<CompareOp>{c.ops[i]},
                                               std::move(operands));
  TypedFunction::ChainLink &stored = result.chainLinks[{&c, i}];
  if (stored.compare) // (an earlier typing pass's: kept, as replacedCalls are)
    result.replacedCalls.push_back(std::move(stored.compare));
  stored = std::move(link);
  return expr(*stored.compare);
}

ExprInfo Inferer::membership(const CompareExpr &c, const std::vector<ExprInfo> &ops) {
  // `x in (a, b, c)`: x == a or x == b or x == c, over a tuple of numbers.
  if (c.ops.size() != 1) {
    error(c.range(), llvm::Twine("a chained comparison with '") + compareOpSpelling(c.ops[0]) +
                         "' is not supported in kernels");
    return {};
  }
  if (!ops[0].type || !ops[1].type)
    return {};
  if (isa<RangeType>(ops[1].type)) { // x in r, of a range object: as `x in range(..)`
    if (!ops[0].type->isScalar()) {
      error(c.range(), llvm::Twine("'") + compareOpSpelling(c.ops[0]) + "' in kernels tests " +
                           "a number against a range, not " + aTypeName(ops[0].type));
      return {};
    }
    return ExprInfo{ctx.boolean()};
  }
  auto *tt = dyn_cast<TupleType>(ops[1].type);
  auto *at = dyn_cast<ArrayType>(ops[1].type);
  if (at && !at->isPointer() && at->dtype()->isScalar() && ops[0].type->isScalar()) {
    // x in a: any element == x (numba's np_contains, over a.flat).
    if (!promoteOperands(ctx, operandOf(ops[0]), {at->dtype(), false})) {
      error(c.range(), "cannot compare " + typeName(ops[0].type) + " and the elements of " +
                           aTypeName(at) + " with '=='");
      return {};
    }
    return ExprInfo{ctx.boolean()};
  }
  if (ops[0].constant && ops[0].constant->isString() && ops[1].constant &&
      ops[1].constant->isString() &&
      (ops[0].constant->dtype == "bytes") == (ops[1].constant->dtype == "bytes")) {
    // "b" in "abc" of two constants of one kind: a substring, decided now.
    bool found = llvm::StringRef(ops[1].constant->data).contains(ops[0].constant->data);
    return constant(GlobalValue::ofBool(c.ops[0] == CompareOp::In ? found : !found));
  }
  if (tt && holdsStr(ops[0])) {
    // `kind in ("t", "l")`, `kind in NAMES`: a string against a tuple, each
    // element compared with == (IRGen; elements that are not strings are
    // never equal).
    return ExprInfo{ctx.boolean()};
  }
  if (!tt || !(ops[0].type->isScalar() || isa<TupleType>(ops[0].type))) {
    error(c.range(), llvm::Twine("'") + compareOpSpelling(c.ops[0]) + "' in kernels tests a " +
                         "number or a tuple against a tuple, or a number against an array of "
                         "numbers, not " + typeName(ops[0].type) + " against " +
                         typeName(ops[1].type));
    return {};
  }
  for (size_t k = 0; k < tt->size(); ++k) {
    TypedOperand el = membershipElement(c, k);
    if (!tupleItemEquality(ops[0], el, c.range(), "element " + std::to_string(k) +
                                                      " of the tuple"))
      return {};
  }
  return ExprInfo{ctx.boolean()};
}

bool Inferer::tupleItemEquality(const ExprInfo &x, TypedOperand item, SourceRange at,
                                const std::string &which) {
  // x == item, as `x in t` and t.index(x) test it: numbers of types that
  // promote, or tuples element by element (a tuple and a number: unequal).
  if (x.type->isScalar() && item.type->isScalar()) {
    if (promoteOperands(ctx, operandOf(x), item))
      return true;
  } else if ((x.type->isScalar() || isa<TupleType>(x.type)) &&
             (item.type->isScalar() || isa<TupleType>(item.type))) {
    // (compareLink's error names the two types)
    return compareLink(CompareOp::Eq, x, ExprInfo{item.type, item.weak}, at).has_value();
  }
  error(at, "cannot compare " + typeName(x.type) + " and " + typeName(item.type) + " (" + which +
                ") with '=='");
  return false;
}

TypedOperand Inferer::membershipElement(const CompareExpr &c, size_t k) {
  // A tuple display's elements keep their own weakness (`x in (1, 2)`).
  if (const auto *te = dyn_cast<TupleExpr>(c.operands[1].get()); te && !splices(*te))
    return operandOf(result.exprs[te->elts[k].get()]);
  return {cast<TupleType>(result.exprs[c.operands[1].get()].type)->elements()[k], false};
}

ExprInfo Inferer::valueOf(const Expr &e, ExprInfo info) {
  // cuda.threadIdx (blockIdx, blockDim, gridDim) used as a value, not just
  // for .x/.y/.z: numba-cuda's Dim3, here a named tuple of three int32.
  if (auto *ns = llvm::dyn_cast_or_null<NamespaceType>(info.type);
      ns && (ns->path() == "cuda.threadIdx" || ns->path() == "cuda.blockIdx" ||
             ns->path() == "cuda.blockDim" || ns->path() == "cuda.gridDim")) {
    Type *i32 = ctx.int32();
    result.dim3Values[&e] = ns->path().substr(5).str();
    info = ExprInfo{ctx.namedTuple({i32, i32, i32}, "Dim3", {"x", "y", "z"})};
    result.exprs[&e] = info;
  }
  return info;
}

std::optional<ExprInfo> Inferer::literalTree(const Expr &e) {
  if (!isLiteralTree(e))
    return std::nullopt;
  std::optional<LiteralValue> v = foldLiteralTree(e);
  if (!v)
    return std::nullopt; // CPython leaves it to run time too: typed as usual
  if (v->problem == LiteralValue::Problem::NegativeShift) {
    error(e.range(), "negative shift count in this constant expression (Python raises "
                     "ValueError)");
    return ExprInfo{};
  }
  if (v->problem == LiteralValue::Problem::TooWide) {
    error(e.range(), "this constant expression overflows int64 and uint64 (Python integers "
                     "are unbounded; kernels compute in 64 bits)");
    return ExprInfo{};
  }
  // Nothing reads the operands' types (the tree is one constant); they are
  // recorded as the literals they are, for whoever walks the tree.
  std::function<void(const Expr &)> operands = [&](const Expr &x) {
    auto each = [&](const Expr &o) {
      if (auto *lit = dyn_cast<IntLitExpr>(&o)) {
        GlobalValue g = GlobalValue::ofInt(lit->value);
        if (lit->isUnsigned)
          g.dtype = "uint64";
        result.exprs[&o] = constant(g);
      } else if (auto *fl = dyn_cast<FloatLitExpr>(&o)) {
        result.exprs[&o] = constant(GlobalValue::ofFloat(fl->value));
      } else {
        result.exprs[&o] = ExprInfo{ctx.int64(), /*weak=*/true};
        operands(o);
      }
    };
    if (auto *u = dyn_cast<UnaryExpr>(&x))
      each(*u->operand);
    else if (auto *b = dyn_cast<BinaryExpr>(&x)) {
      each(*b->lhs);
      each(*b->rhs);
    }
  };
  operands(e);
  if (v->isFloat())
    return constant(GlobalValue::ofFloat(v->f));
  // As numba types the folded constant: int64, else uint64 (2**63 up).
  const llvm::APInt &i = *v->i;
  if (i.isSignedIntN(64))
    return constant(GlobalValue::ofInt(i.getSExtValue()));
  if (!i.isNegative() && i.isIntN(64)) {
    GlobalValue g = GlobalValue::ofInt(static_cast<int64_t>(i.getZExtValue()));
    g.dtype = "uint64";
    return constant(g);
  }
  error(e.range(), "this constant expression overflows int64 and uint64 (Python integers are "
                   "unbounded; kernels compute in 64 bits)");
  return ExprInfo{};
}

ExprInfo Inferer::expr(const Expr &e) {
  if (!receivers.empty())
    if (auto it = receivers.find(&e); it != receivers.end())
      return it->second; // typed for the overloaded method or attribute using it
  bool keep = keepOptional == &e;
  ExprInfo info = exprImpl(e);
  if (auto *ot = llvm::dyn_cast_or_null<OptionalType>(info.type); ot && !keep) {
    // Read as its number (numba's cast of an Optional), but where the
    // Optional itself is wanted: assigned to a name, returned, `is None`.
    result.optionalReads[&e] = ot;
    info = ExprInfo{ot->inner()};
  }
  result.exprs[&e] = info;
  return info;
}

ExprInfo Inferer::exprImpl(const Expr &e) {
  switch (e.kind()) {
  case Expr::Kind::IntLit: {
    auto &lit = cast<IntLitExpr>(e);
    GlobalValue v = GlobalValue::ofInt(lit.value);
    if (lit.isUnsigned)
      v.dtype = "uint64"; // above int64: numba types it uint64
    return constant(v);
  }
  case Expr::Kind::FloatLit:
    return constant(GlobalValue::ofFloat(cast<FloatLitExpr>(e).value));
  case Expr::Kind::BoolLit:
    return constant(GlobalValue::ofBool(cast<BoolLitExpr>(e).value));
  case Expr::Kind::ImagLit:
    return constant(GlobalValue::ofComplex(0.0, cast<ImagLitExpr>(e).value));
  case Expr::Kind::NoneLit:
    return ExprInfo{ctx.none()};
  case Expr::Kind::StrLit: {
    GlobalValue text = GlobalValue::ofString(cast<StrLitExpr>(e).value);
    if (cast<StrLitExpr>(e).bytes)
      text.dtype = "bytes"; // (typed bytes: Inferer::constant)
    return constant(text);
  }
  case Expr::Kind::Name:
    return name(cast<NameExpr>(e));
  case Expr::Kind::Attribute:
    if (unboundName(*cast<AttributeExpr>(e).value))
      return {};
    if (std::optional<ExprInfo> r = overloadedAttribute(cast<AttributeExpr>(e)))
      return *r;
    return attribute(cast<AttributeExpr>(e));
  case Expr::Kind::Subscript:
    return subscript(cast<SubscriptExpr>(e));
  case Expr::Kind::Call:
    if (unboundName(*cast<CallExpr>(e).callee))
      return {};
    return call(cast<CallExpr>(e));
  case Expr::Kind::Binary:
    if (std::optional<ExprInfo> folded = literalTree(e))
      return *folded;
    return binary(cast<BinaryExpr>(e));
  case Expr::Kind::Unary: {
    if (std::optional<ExprInfo> folded = literalTree(e))
      return *folded;
    auto &u = cast<UnaryExpr>(e);
    ExprInfo o = u.op == UnaryOp::Not ? condition(*u.operand) : expr(*u.operand);
    if (!o.type)
      return {};
    if (auto *dt = dyn_cast<DatetimeType>(o.type)) { // -t, +t of a timedelta
      if (dt->isTimedelta() && (u.op == UnaryOp::Neg || u.op == UnaryOp::Pos))
        return ExprInfo{o.type};
      error(e.range(), "bad operand type for unary operator: " + typeName(o.type));
      return {};
    }
    // `not DEBUG`, `not (s is None)`, `not name` of a None or str constant:
    // decided when compiling, as its operand.
    if (u.op == UnaryOp::Not && o.constant)
      if (std::optional<bool> truth = o.constant->truth())
        return constant(GlobalValue::ofBool(!*truth));
    if (u.op == UnaryOp::Not && hasTruth(o.type))
      return ExprInfo{ctx.boolean()};
    if (!o.type->isScalar()) {
      error(e.range(), "bad operand type for unary operator: " + typeName(o.type));
      return {};
    }
    switch (u.op) {
    case UnaryOp::Not:
      return ExprInfo{ctx.boolean()};
    case UnaryOp::Neg:
    case UnaryOp::Pos: {
      ExprInfo r{unaryResultType(ctx, o.type), o.weak};
      if (!r.type) { // an enum member
        error(e.range(), llvm::Twine("bad operand type for unary ") +
                             (u.op == UnaryOp::Neg ? "-" : "+") + ": " + typeName(o.type));
        return {};
      }
      if (u.op == UnaryOp::Neg && o.constant && o.constant->kind == GlobalValue::Kind::Int &&
          r.type == ctx.int64() && o.constant->dtype.empty() &&
          o.constant->i == std::numeric_limits<int64_t>::min()) {
        error(e.range(), "this constant expression overflows int64 (Python integers are "
                         "unbounded; kernels compute in 64 bits)");
        return {};
      }
      if (o.constant && o.constant->kind == GlobalValue::Kind::Int && isa<IntType>(r.type))
        r.constant = GlobalValue::ofInt(u.op == UnaryOp::Neg
                                            ? static_cast<int64_t>(0 - static_cast<uint64_t>(o.constant->i))
                                            : o.constant->i);
      else if (o.constant && o.constant->kind == GlobalValue::Kind::Float)
        r.constant = GlobalValue::ofFloat(u.op == UnaryOp::Neg ? -o.constant->f : o.constant->f);
      return r;
    }
    case UnaryOp::Invert: {
      if (isa<FloatType, ComplexType>(o.type)) {
        error(e.range(), "bad operand type for unary ~: " + typeName(o.type));
        return {};
      }
      ExprInfo r{unaryResultType(ctx, o.type, /*invert=*/true), o.weak};
      if (!r.type) { // an enum member
        error(e.range(), "bad operand type for unary ~: " + typeName(o.type));
        return {};
      }
      if (o.constant && o.constant->kind == GlobalValue::Kind::Int && r.type == ctx.int64())
        r.constant = GlobalValue::ofInt(~o.constant->i);
      else if (o.constant && o.constant->kind == GlobalValue::Kind::Bool)
        r.constant = GlobalValue::ofBool(o.constant->i == 0);
      return r;
    }
    }
    return {};
  }
  case Expr::Kind::BoolOp: {
    // Short-circuit when compiling too, as numba prunes each test of an
    // `and`/`or` chain: an operand whose truth is known and ends the chain
    // (falsy for `and`, truthy for `or`) is its value, and the operands
    // after it are neither typed nor lowered (`lo is not None and x < lo`
    // with lo None). Decided throughout: the expression is that constant.
    auto &b = cast<BoolOpExpr>(e);
    Type *t = nullptr;
    bool weak = true, decidedSoFar = true;
    result.decidedTruths.erase(&e); // (as this typing pass finds it)
    for (size_t i = 0; i < b.values.size(); ++i) {
      const Expr &v = *b.values[i];
      ExprInfo vi = expr(v);
      if (!vi.type)
        return {};
      if (!vi.type->isScalar()) {
        error(v.range(), "operands of 'and'/'or' must be numbers or bools, not " + typeName(vi.type));
        return {};
      }
      std::optional<bool> truth = vi.constant ? vi.constant->truth() : std::nullopt;
      bool ends = truth && endsChain(b.op, *truth);
      // An operand known not to end the chain is never its value (`0 or x`
      // is x, of x's type: numba prunes it too).
      if (!truth || ends || i + 1 == b.values.size()) {
        weak = weak && vi.weak;
        t = unifyTypes(ctx, t, vi.type);
      }
      if (ends || i + 1 == b.values.size()) {
        if (decidedSoFar && truth)
          return constant(*vi.constant);
        if (ends) // (an earlier operand that ends it has the same truth)
          result.decidedTruths[&e] = *truth;
        break;
      }
      decidedSoFar = decidedSoFar && truth;
    }
    return ExprInfo{t, weak};
  }
  case Expr::Kind::Compare: {
    auto &c = cast<CompareExpr>(e);
    std::vector<ExprInfo> ops;
    // `x is None`, `x == None` of an Optional x: a flag tested at run time.
    bool identity = c.ops.size() == 1 && (c.ops[0] == CompareOp::Is || c.ops[0] == CompareOp::IsNot);
    bool withNone = c.ops.size() == 1 && llvm::any_of(c.operands, [](const ExprPtr &o) {
                      return isa<NoneLitExpr>(*o);
                    });
    if (c.ops.size() == 1 && (c.ops[0] == CompareOp::In || c.ops[0] == CompareOp::NotIn) &&
        loopBuiltin(*c.operands[1]) == "range") {
      // `x in range(..)`: a number (numba's: a float or complex one that is
      // not a whole real number is in no range).
      ExprInfo x = expr(*c.operands[0]);
      Type *element = rangeElementType(cast<CallExpr>(*c.operands[1]));
      if (!x.type || !element)
        return {};
      if (!x.type->isScalar()) {
        error(c.range(), llvm::Twine("'") + compareOpSpelling(c.ops[0]) + "' in kernels tests " +
                             "a number against a range, not " + aTypeName(x.type));
        return {};
      }
      return ExprInfo{ctx.boolean()};
    }
    // In a chain, an operand of an `is` link or of `== None` (chainLink).
    auto identityLink = [&](size_t link) {
      if (link >= c.ops.size())
        return false;
      CompareOp op = c.ops[link];
      return op == CompareOp::Is || op == CompareOp::IsNot ||
             ((op == CompareOp::Eq || op == CompareOp::NotEq) &&
              (isa<NoneLitExpr>(*c.operands[link]) || isa<NoneLitExpr>(*c.operands[link + 1])));
    };
    for (size_t k = 0; k < c.operands.size(); ++k) {
      const Expr &o = *c.operands[k];
      if (identity || withNone ||
          (c.ops.size() > 1 && (identityLink(k) || (k > 0 && identityLink(k - 1)))))
        keepOptional = &o;
      ops.push_back(valueOf(o, expr(o))); // cuda.blockDim == (32, 1, 1): a Dim3
    }
    if (c.ops.size() == 1 && ops[0].type && ops[1].type &&
        (isa<OptionalType>(ops[0].type) || isa<OptionalType>(ops[1].type))) {
      bool ok = (identity || c.ops[0] == CompareOp::Eq || c.ops[0] == CompareOp::NotEq) &&
                (isa<NoneType>(ops[0].type) || isa<NoneType>(ops[1].type));
      if (!ok) {
        error(e.range(), "a value that may be None (" +
                             typeName(isa<OptionalType>(ops[0].type) ? ops[0].type : ops[1].type) +
                             ") is compared with None only (`x is None`)");
        return {};
      }
      return ExprInfo{ctx.boolean()};
    }
    if (c.ops.size() == 1 && (c.ops[0] == CompareOp::In || c.ops[0] == CompareOp::NotIn))
      return membership(c, ops);
    if (c.ops.size() == 1 && (c.ops[0] == CompareOp::Is || c.ops[0] == CompareOp::IsNot)) {
      // `x is None`: decided by the types when compiling (a None parameter
      // or global, or a value), as numba decides it.
      if (!ops[0].type || !ops[1].type)
        return {};
      bool leftNone = isa<NoneType>(ops[0].type), rightNone = isa<NoneType>(ops[1].type);
      // numba's generic `is` for immutable values: False between types (a
      // number and a bool, members of two enum classes, a member and an int).
      if (!leftNone && !rightNone && ops[0].type->isScalar() && ops[1].type->isScalar() &&
          ops[0].type != ops[1].type)
        return constant(GlobalValue::ofBool(c.ops[0] == CompareOp::IsNot));
      if (auto *et = dyn_cast<IntType>(ops[0].type); et && et->isEnum() && !rightNone) {
        // Color.red is c: members are singletons, so identity is equality.
        std::optional<std::optional<bool>> link = compareLink(
            c.ops[0] == CompareOp::Is ? CompareOp::Eq : CompareOp::NotEq, ops[0], ops[1],
            e.range());
        if (!link)
          return {};
        return ExprInfo{ctx.boolean()};
      }
      if (!leftNone && !rightNone && ops[0].type->isScalar() && ops[1].type->isScalar()) {
        // numba's generic `is` for immutable values of one type: `==`
        // (`flag is True`).
        // Members of an IntFlag or another int-mixin Enum (typed int64,
        // constants named "Perm.R"; IntEnum members have types of their
        // own): of two classes, or one against a plain int, never the same
        // object.
        auto enumClass = [](const ExprInfo &x) -> std::optional<llvm::StringRef> {
          if (!x.constant || x.constant->kind != GlobalValue::Kind::Int)
            return std::nullopt;
          llvm::StringRef name = x.constant->name; // "Class.MEMBER", or empty: a plain int
          return name.contains('.') ? name.rsplit('.').first : llvm::StringRef();
        };
        std::optional<llvm::StringRef> lc = enumClass(ops[0]), rc = enumClass(ops[1]);
        if (lc && rc && *lc != *rc)
          return constant(GlobalValue::ofBool(c.ops[0] == CompareOp::IsNot));
        std::optional<std::optional<bool>> link = compareLink(
            c.ops[0] == CompareOp::Is ? CompareOp::Eq : CompareOp::NotEq, ops[0], ops[1],
            e.range());
        if (!link)
          return {};
        return ExprInfo{ctx.boolean()};
      }
      auto text = [](const ExprInfo &x) { return isTextType(x.type, /*bytes=*/true); };
      if ((text(ops[0]) && ops[1].type->isScalar()) || (text(ops[1]) && ops[0].type->isScalar()))
        // A string is no number or bool (`case True:` of a string subject).
        return constant(GlobalValue::ofBool(c.ops[0] == CompareOp::IsNot));
      if (!leftNone && !rightNone) {
        error(e.range(), llvm::Twine("the '") + compareOpSpelling(c.ops[0]) +
                             "' operator is supported in kernels with None (`x is None`) "
                             "and numbers; compare other values with '=='");
        return {};
      }
      bool same = leftNone && rightNone;
      return constant(GlobalValue::ofBool(c.ops[0] == CompareOp::Is ? same : !same));
    }
    if (c.ops.size() == 1 && (c.ops[0] == CompareOp::Eq || c.ops[0] == CompareOp::NotEq) &&
        ops[0].type && ops[1].type &&
        (isa<NoneType>(ops[0].type) || isa<NoneType>(ops[1].type))) {
      // `p == None`: as `p is None`, decided by the types (numba prunes it too).
      bool same = isa<NoneType>(ops[0].type) && isa<NoneType>(ops[1].type);
      return constant(GlobalValue::ofBool(c.ops[0] == CompareOp::Eq ? same : !same));
    }
    if (c.ops.size() == 1) {
      if (std::optional<ExprInfo> s = charSeqComparison(c, ops))
        return *s;
      if (std::optional<ExprInfo> s = stringComparison(c, ops))
        return *s;
    }
    // Each link of a chain (a < b < c is a < b and b < c); a link of == or !=
    // between values that can never be equal is decided now. A link of
    // `in`, `is`, strings, None or a value that may be None is typed alone
    // (chainLink), as that syntax is.
    auto alone = [](const ExprInfo &x) {
      return isTextType(x.type, /*bytes=*/true) || isa<CharSeqType, NoneType, OptionalType>(x.type);
    };
    std::optional<bool> decided;
    // A chain whose every link is decided when compiling, over operands
    // without side effects (`1 < N is None` of a global N): decided too,
    // so a branch it guards is pruned, as its links alone would be.
    bool chainKnown = c.ops.size() > 1, chainHolds = true;
    auto linkKnown = [&](std::optional<bool> v) {
      chainKnown = chainKnown && v.has_value();
      chainHolds = chainHolds && v.value_or(false);
    };
    for (size_t i = 0; i < c.ops.size(); ++i) {
      if (!ops[i].type || !ops[i + 1].type)
        return {};
      if (c.ops[i] == CompareOp::Is || c.ops[i] == CompareOp::IsNot ||
          c.ops[i] == CompareOp::In || c.ops[i] == CompareOp::NotIn ||
          (c.ops.size() > 1 && (alone(ops[i]) || alone(ops[i + 1])))) {
        if (c.ops.size() == 1) {
          error(e.range(), llvm::Twine("the '") + compareOpSpelling(c.ops[i]) +
                               "' operator is not supported in kernels");
          return {};
        }
        ExprInfo li = chainLink(c, i, ops);
        if (!li.type)
          return {};
        linkKnown(li.constant ? li.constant->truth() : std::nullopt);
        continue;
      }
      std::optional<std::optional<bool>> link = compareLink(c.ops[i], ops[i], ops[i + 1], e.range());
      if (!link) {
        noteOperands(*c.operands[i], *c.operands[i + 1]);
        return {};
      }
      if (c.ops.size() == 1)
        decided = *link;
      linkKnown(*link ? *link : foldNumberComparison(c.ops[i], {ops[i], ops[i + 1]}));
    }
    if (decided) // never equal (tuples of other shapes, a tuple and a number)
      return constant(GlobalValue::ofBool(*decided));
    if (chainKnown && llvm::all_of(c.operands, [](const ExprPtr &o) { return copyPureExpr(*o); }))
      return constant(GlobalValue::ofBool(chainHolds));
    // Numbers known when compiling (a.ndim == 2, a literal, a global):
    // decided now, in their common type as the run-time comparison would
    // (foldNumberComparison), so `if a.ndim == 2:` prunes the other branch
    // as numba does.
    if (std::optional<bool> known = foldNumberComparison(c.ops, ops))
      return constant(GlobalValue::ofBool(*known));
    return ExprInfo{ctx.boolean()};
  }
  case Expr::Kind::IfExp: {
    auto &i = cast<IfExpExpr>(e);
    ExprInfo c = condition(*i.cond);
    if (c.constant || result.decidedTruths.count(i.cond.get()))
      if (std::optional<bool> known = decidedTruth(*i.cond)) {
        ExprInfo chosen = expr(*(*known ? i.body : i.orelse));
        // IRGen lowers the branch (constants fold there); a string stays the
        // constant it is (it has no run-time value of its own).
        if (chosen.constant && !chosen.constant->isString())
          chosen.constant.reset();
        return chosen;
      }
    if (c.type && !hasTruth(c.type)) {
      error(i.cond->range(), "the truth value of " + aTypeName(c.type) +
                                 " is not supported in kernels");
      return {};
    }
    keepOptional = i.body.get(); // (x if c else None: numba's Optional)
    ExprInfo a = expr(*i.body);
    keepOptional = i.orelse.get();
    ExprInfo b = expr(*i.orelse);
    if (!c.type || !a.type || !b.type)
      return {};
    // "x" if c else "y", ("a", 1) if c else ("b", 2): strings known at run time.
    Type *t = heldAtRunTime(ctx, unifyTypes(ctx, a.type, b.type));
    if (t && isa<RecordType>(t)) {
      error(e.range(), "a conditional expression cannot choose between records (assign "
                       "them in an if statement: r = a[i] / else: r = b[j])");
      return {};
    }
    // A value, None or an Optional, or a tuple of them (`(n, 1) if c else
    // (None, 2)`: a tuple holding an Optional, as the if statement makes).
    std::function<bool(Type *)> choosable = [&](Type *u) {
      if (auto *tt = dyn_cast<TupleType>(u))
        return llvm::all_of(tt->elements(), choosable);
      return isValueType(u) || isRuntimeStr(u) ||
             isa<OptionalType, NoneType>(u) || isObjectValue(u);
    };
    if (!t || !choosable(t)) {
      error(e.range(), "the branches of a conditional expression have types " +
                           typeName(a.type) + " and " + typeName(b.type) + ", which do not unify");
      return {};
    }
    return ExprInfo{t, a.weak && b.weak};
  }
  case Expr::Kind::Tuple: {
    auto &t = cast<TupleExpr>(e);
    assert(!t.list && "the parser makes a list display used as a value its error (settleLists)");
    std::vector<Type *> elems;
    for (const ExprPtr &x : t.elts) {
      if (auto *s = dyn_cast<StarredExpr>(x.get())) { // (1, *t): t's elements
        ExprInfo si = expr(*s->value);
        if (!si.type)
          return {};
        auto *st = dyn_cast<TupleType>(si.type);
        if (!st) {
          error(x->range(), "'*' unpacks a tuple here, not " + typeName(si.type));
          return {};
        }
        result.exprs[s] = si;
        llvm::append_range(elems, st->elements());
        continue;
      }
      keepOptional = x.get();
      ExprInfo xi = valueOf(*x, expr(*x));
      if (!xi.type)
        return {};
      elems.push_back(xi.type);
    }
    return ExprInfo{ctx.tuple(elems)};
  }
  case Expr::Kind::Starred:
    error(e.range(), "'*' unpacking is not supported in this call (write the arguments out)");
    return {};
  case Expr::Kind::Slice:
    error(e.range(), "array slicing is not supported in kernels");
    return {};
  case Expr::Kind::Unsupported: // (parsed past: refused where it is typed)
    error(e.range(), cast<UnsupportedExpr>(e).message);
    return {};
  case Expr::Kind::Ellipsis:
    error(e.range(), "the Ellipsis '...' is supported only in an array index");
    return {};
  }
  return {};
}

bool Inferer::unboundName(const Expr &e) {
  auto *n = dyn_cast<NameExpr>(&e);
  if (!n || !n->unbound || !localNames.count(n->name))
    return false;
  // `math.sqrt(x)` or `len(a)` before `math = ...` or `len = ...` in the
  // function: Python's scoping makes the name local in all of it. Typed
  // as the later assignment, the read got "int64 has no attribute 'sqrt'".
  // (A plain read of such a variable is left to IRGen, as numba compiles
  // one in a branch that never runs.)
  if (reporting) {
    std::string name = sourceName(n->name).str();
    error(n->range(), "local variable '" + name + "' is read before any assignment to it "
                      "(Python raises UnboundLocalError); an assignment to '" + name +
                      "' anywhere in the function makes it local in all of it, hiding any "
                      "global or built-in of that name");
  }
  return true;
}

ExprInfo Inferer::name(const NameExpr &e) {
  if (auto it = constantLocals.find(e.name); it != constantLocals.end()) {
    if (std::make_pair(e.range().begin.line, e.range().begin.col) >=
        std::make_pair(it->second.second.line, it->second.second.col))
      return it->second.first; // read after its one assignment
    if (aliases.count(e.name)) {
      // A name for a compile-time value (f = a device function) read
      // before its assignment: in a loop's earlier iteration, or never.
      error(e.range(), "local variable '" + sourceName(e.name) + "' names a compile-time "
                       "value but is read before its assignment (numba-cuda refuses this "
                       "too: \"Variable '" + sourceName(e.name) + "' is not defined\")");
      return {};
    }
  }
  if (localNames.count(e.name)) {
    if (reporting && ununified.count(e.name))
      return {}; // (its error is given: none about what reads it)
    Type *t = result.locals[e.name];
    return ExprInfo{t};
  }
  if (const FunctionDef *fn = nestedDef(e.name)) {
    if (!defRan(*fn)) { // Python's NameError; numba's "untyped global name"
      error(e.range(), "function '" + e.name + "' is used before its def statement runs "
                       "(Python's NameError), or its def is in code that never runs (a branch "
                       "decided when compiling, or after a return)");
      return {};
    }
    return ExprInfo{ctx.builtin("nested." + e.name)};
  }
  if (enclosing)
    if (auto it = enclosing->locals->find(e.name); it != enclosing->locals->end()) {
      // A variable of the enclosing function (Python's closure), read at the call.
      if (!it->second) {
        error(e.range(), "variable '" + e.name + "' of the enclosing function has no value "
                         "where this function is called");
        return {};
      }
      result.freeVars[e.name] = it->second;
      return ExprInfo{it->second};
    }
  if (const GlobalValue *g = globals.lookup(e.name))
    return global(*g, e.range(), e.name);
  if (pythonBuiltins().contains(e.name))
    return ExprInfo{ctx.builtin(e.name)};
  if (e.name == "__debug__") // True, as CPython has it without -O (it compiles it in)
    return constant(GlobalValue::ofBool(true));
  static const llvm::StringSet<> otherBuiltins = {
      "map",   "filter", "sorted", "reversed", "list",
      "dict",  "set",     "str",   "hash",
      "id",    "input",   "open",  "chr",    "hex",    "bin",      "oct",   "format",
      "repr",  "super", "object", "getattr", "setattr", "vars", "dir",
      "callable", "exec", "eval",  "compile", "frozenset", "bytes", "bytearray", "memoryview",
      "globals", "locals", "aiter", "anext", "help", "exit", "quit"};
  if (e.name == "breakpoint") // numba-cuda's: a cuda-gdb breakpoint (PTX brkpt)
    return ExprInfo{ctx.builtin("breakpoint")};
  if (otherBuiltins.contains(e.name)) {
    error(e.range(), "the built-in '" + e.name + "' is not supported in kernels");
    return {};
  }
  error(e.range(), "name '" + e.name + "' is not defined" + undefinedNameHint(e.name));
  return {};
}

std::string Inferer::undefinedNameHint(llvm::StringRef name) const {
  // A module kernels use, not imported: Python's own suggestion.
  for (const char *module : {"math", "cmath", "cuda", "np", "numpy"})
    if (name == module)
      return llvm::StringRef(module) == "np" ? " (did you forget to import numpy as np?)"
                                             : " (did you forget to import " + name.str() + "?)";
  if (lookupMathFn(name)) { // sqrt(x) with math imported, but not sqrt
    for (const auto &[global, value] : globals.all())
      if (value.kind == GlobalValue::Kind::Module && value.name == "math")
        return " (did you mean '" + global + "." + name.str() + "'? or write 'from math import " +
               name.str() + "')";
    return " (did you mean 'math." + name.str() + "'? call it so, with math imported, or "
           "write 'from math import " + name.str() + "')";
  }
  std::vector<std::string> names(localNames.begin(), localNames.end());
  for (const auto &[global, value] : globals.all())
    names.push_back(global);
  if (std::optional<std::string> best = closestName(name, names))
    return " (did you mean '" + *best + "'?)";
  return "";
}

/// `a.b.c` for a chain of names and attributes (as errors quote it).
static std::string spelledName(const Expr &e) {
  if (const auto *n = dyn_cast<NameExpr>(&e))
    return n->name;
  if (const auto *a = dyn_cast<AttributeExpr>(&e)) {
    std::string base = spelledName(*a->value);
    return base.empty() ? a->attr : base + "." + a->attr;
  }
  return "";
}

/// After an error about "..." % x or "...".format(x): kernels format no
/// strings, print() does (the parser's hint for an f-string).
static const std::string kNoFormattingHint =
    std::string(" (kernels do not format strings: ") + kPrintValuesHint + ")";

/// Where a kernel's random numbers come from (np.random, Python's random).
static constexpr const char kRandomHint[] =
    "; a kernel draws random numbers from pyjit.cuda.random (numba.cuda.random's "
    "xoroshiro128+ generators: create_xoroshiro128p_states(n, seed) on the host, "
    "xoroshiro128p_uniform_float32(states, i) in the kernel)";

ExprInfo Inferer::global(const GlobalValue &g, SourceRange range, const std::string &spelled) {
  switch (g.kind) {
  case GlobalValue::Kind::Int:
  case GlobalValue::Kind::Float:
  case GlobalValue::Kind::Bool:
  case GlobalValue::Kind::Complex:
  case GlobalValue::Kind::Tuple:
  case GlobalValue::Kind::None:
    return constant(g);
  case GlobalValue::Kind::ConstArray: // read only, in constant memory (numba: a constant)
    return constant(g);
  case GlobalValue::Kind::Module: {
    ExprInfo info{ctx.ns(g.name)};
    if (g.members) // members pyjit has no rule for (cuda.random), absent names:
      info.constant = g; // attribute() reads them
    return info;
  }
  case GlobalValue::Kind::Function:
    return ExprInfo{ctx.builtin(g.name)};
  case GlobalValue::Kind::DType:
    return ExprInfo{ctx.builtin("dtype." + g.name)};
  case GlobalValue::Kind::DeviceFunction: {
    ExprInfo info{ctx.builtin(ctx.devicePath(g.device))};
    info.constant = g;
    return info;
  }
  case GlobalValue::Kind::NamedTupleClass: {
    ExprInfo info{ctx.builtin("namedtuple." + g.name)};
    info.constant = g;
    return info;
  }
  case GlobalValue::Kind::DeviceArray: {
    // Its layout from its strides, as a kernel argument's.
    Type *dtype = parseDType(ctx, g.dtype);
    size_t n = g.shape.size();
    int64_t item = static_cast<int64_t>(elementBytes(dtype));
    auto unit = [&](bool cOrder) {
      int64_t expect = item;
      for (size_t k = 0; k < n; ++k) {
        size_t d = cOrder ? n - 1 - k : k;
        if (g.shape[d] > 1 && g.strides[d] != expect)
          return false;
        expect *= g.shape[d];
      }
      return true;
    };
    Layout layout = unit(true) ? Layout::C : unit(false) ? Layout::F : Layout::A;
    ExprInfo info{ctx.array(dtype, static_cast<unsigned>(n), layout, g.name == "readonly")};
    info.constant = g;
    return info;
  }
  case GlobalValue::Kind::Extern: {
    ExprInfo info{ctx.builtin("extern." + g.name)};
    info.constant = g;
    return info;
  }
  case GlobalValue::Kind::Namespace: {
    // Its attributes resolve in attribute(), through the constant.
    ExprInfo info{ctx.ns(g.name)};
    info.constant = g;
    return info;
  }
  case GlobalValue::Kind::Unsupported:
    if (g.isString()) // a compile-time string, as a literal is
      return constant(g);
    error(range, "global '" + spelled + "' of type " + g.name + " is not supported in kernels" +
                     (g.name == "list" || g.name == "set"
                          ? std::string(" (numba-cuda refuses it too: make it a tuple, frozen at "
                                        "compile time, or a NumPy array)")
                      : llvm::StringRef(spelled).starts_with("random.") ||
                              llvm::StringRef(spelled).starts_with("numpy.random.")
                          ? std::string(kRandomHint)
                          : std::string()));
    return {};
  }
  return {};
}

// The float constants of the math, cmath and numpy modules (pi, e, tau,
// inf, nan); with \p numpy also NumPy 1.x's Inf and NaN, which kernels
// written for it use (NumPy 2.0 removed them; math never had them).
static std::optional<double> floatConstant(llvm::StringRef attr, bool numpy = false) {
  if (attr == "pi")
    return M_PI;
  if (attr == "e")
    return M_E;
  if (attr == "tau")
    return 2 * M_PI;
  if (attr == "inf" || (numpy && attr == "Inf"))
    return INFINITY;
  if (attr == "nan" || (numpy && attr == "NaN"))
    return NAN;
  return std::nullopt;
}

/// Is `name` in Python's math module (3.11 to 3.13: the names of `dir(math)`
/// that do not start with an underscore)? A name that is not would raise
/// AttributeError in Python.
static bool isPythonMathName(llvm::StringRef name) {
  static const llvm::StringSet<> names = {
      "acos",      "acosh",   "asin",     "asinh",    "atan",     "atan2",   "atanh",
      "cbrt",      "ceil",    "comb",     "copysign", "cos",      "cosh",    "degrees",
      "dist",      "e",       "erf",      "erfc",     "exp",      "exp2",    "expm1",
      "fabs",      "factorial", "floor",  "fma",      "fmod",     "frexp",   "fsum",
      "gamma",     "gcd",     "hypot",    "inf",      "isclose",  "isfinite", "isinf",
      "isnan",     "isqrt",   "lcm",      "ldexp",    "lgamma",   "log",     "log10",
      "log1p",     "log2",    "modf",     "nan",      "nextafter", "perm",   "pi",
      "pow",       "prod",    "radians",  "remainder", "sin",     "sinh",    "sqrt",
      "sumprod",   "tan",     "tanh",     "tau",      "trunc",    "ulp"};
  return names.contains(name);
}

/// What to add to "'<path>.<attr>' is not supported in kernels": numpy's
/// allocating functions name the kernels' arrays; a misspelt name of math or
/// cuda the closest one pyjit has (within a third of its letters).
static std::string unsupportedAttributeHint(llvm::StringRef path, llvm::StringRef attr) {
  if (path == "numpy" && (attr == "zeros" || attr == "ones" || attr == "empty" ||
                          attr == "full" || attr.ends_with("_like") || attr == "array" ||
                          attr == "arange" || attr == "linspace" || attr == "copy"))
    return std::string("; ") + kAllocationHint;
  if ((path == "numpy" && attr == "random") || path == "numpy.random" || path == "random")
    return kRandomHint;
  if (path == "numpy") {
    // Names NumPy 2.0 removed, and what it says to write instead
    // (numpy/_expired_attrs_2_0.py; the NumPy 2.0 migration guide).
    static const llvm::StringMap<const char *> removed = {
        {"Infinity", "np.inf"},          {"infty", "np.inf"},
        {"PINF", "np.inf"},              {"NINF", "-np.inf"},
        {"PZERO", "0.0"},                {"NZERO", "-0.0"},
        {"NAN", "np.nan"},               {"float_", "np.float64"},
        {"complex_", "np.complex128"},   {"cfloat", "np.complex128"},
        {"singlecomplex", "np.complex64"}, {"longfloat", "np.longdouble"},
        {"string_", "np.bytes_"},        {"unicode_", "np.str_"},
        {"longcomplex", "np.clongdouble"}, {"clongfloat", "np.clongdouble"},
        {"bool8", "np.bool_"},           {"alltrue", "np.all"},
        {"sometrue", "np.any"},          {"product", "np.prod"},
        {"cumproduct", "np.cumprod"},    {"msort", "np.sort(a, axis=0)"},
        {"asfarray", "np.asarray(a, dtype=np.float64)"}};
    if (auto it = removed.find(attr); it != removed.end())
      return " (NumPy 2.0 removed np." + attr.str() + ": write " + it->second + ")";
  }
  std::vector<std::string> names;
  // Python's math functions kernels lack exist: no other name is meant.
  static const llvm::StringSet<> pythonOnlyMath = {"comb", "dist", "factorial", "fsum", "gcd",
                                                   "isclose", "isqrt", "lcm", "perm", "prod",
                                                   "ulp", "sumprod", "fma"};
  if (path == "math" && pythonOnlyMath.contains(attr))
    return "";
  if (path == "math") {
    for (unsigned i = 0; i <= static_cast<unsigned>(MathFn::Isfinite); ++i)
      if (llvm::StringRef n = mathFnInfo(static_cast<MathFn>(i)).name; !n.starts_with("np."))
        names.push_back(n.str());
    for (const char *n : {"modf", "frexp", "pi", "e", "tau", "inf", "nan"})
      names.push_back(n);
  } else if (path == "cuda") {
    for (unsigned i = 0; i <= static_cast<unsigned>(CudaFn::AtomicCompareAndSwap); ++i)
      if (llvm::StringRef n = cudaFnName(static_cast<CudaFn>(i));
          !n.contains('.') && !n.contains('<')) // (cuda.atomic.*, cg.*: not cuda's own names)
        names.push_back(n.str());
    for (const char *n : {"threadIdx", "blockIdx", "blockDim", "gridDim", "shared", "local",
                          "const", "atomic", "grid", "gridsize", "laneid", "warpsize", "fp16",
                          "bf16", "cg", "libdevice", "lanemask_lt", "cache_hints"})
      names.push_back(n);
  } else if (path == "cuda.threadIdx" || path == "cuda.blockIdx" || path == "cuda.blockDim" ||
             path == "cuda.gridDim") {
    names = {"x", "y", "z"};
  } else if (path == "cuda.atomic") {
    for (unsigned i = static_cast<unsigned>(CudaFn::AtomicAdd);
         i <= static_cast<unsigned>(CudaFn::AtomicCompareAndSwap); ++i)
      names.push_back(llvm::StringRef(cudaFnName(static_cast<CudaFn>(i))).drop_front(7).str());
  } else if (path == "cuda.cache_hints") {
    for (unsigned i = static_cast<unsigned>(CudaFn::Ldca); i <= static_cast<unsigned>(CudaFn::Stwt);
         ++i)
      names.push_back(cudaFnName(static_cast<CudaFn>(i)));
  } else if (path == "cuda.shared" || path == "cuda.local") {
    names = {"array"};
  } else if (path == "cuda.libdevice") {
    for (const LibdeviceFunction &f : libdeviceFunctions())
      names.push_back(f.name);
  }
  std::optional<std::string> best = closestName(attr, names);
  return best ? " (did you mean '" + path.str() + "." + *best + "'?)" : "";
}

ExprInfo Inferer::attribute(const AttributeExpr &e) {
  ExprInfo base = expr(*e.value);
  if (!base.type)
    return {};
  const std::string &attr = e.attr;
  if (isa<SliceType>(base.type)) { // s.start, s.stop, s.step (numba's: ints), s.indices
    if (attr == "start" || attr == "stop" || attr == "step")
      return ExprInfo{ctx.int64()};
    if (attr == "indices")
      return ExprInfo{ctx.builtin("method.slice.indices")};
    error(e.range(), "a slice object has no attribute '" + attr + "' in kernels (it has start, "
                     "stop, step and indices())");
    return {};
  }
  if (auto *rt = dyn_cast<RangeType>(base.type)) { // r.start, r.stop, r.step
    if (attr == "start" || attr == "stop" || attr == "step")
      return ExprInfo{rt->element()};
    error(e.range(), "a range object has no attribute '" + attr + "' in kernels (it has start, "
                     "stop and step)");
    return {};
  }
  if (auto *tt = dyn_cast<TupleType>(base.type);
      tt && attr == "index" && !llvm::is_contained(tt->names(), attr))
    return ExprInfo{ctx.builtin("method.tuple.index")}; // t.index(x)
  if (auto *tt = dyn_cast<TupleType>(base.type); tt && tt->isNamed()) {
    // p.n of a named tuple: its element by the field's name.
    auto it = llvm::find(tt->names(), attr);
    if (it == tt->names().end()) {
      error(e.range(), tt->className() + " has no field '" + attr + "' (its fields: " +
                           llvm::join(tt->names(), ", ") + ")");
      return {};
    }
    size_t k = static_cast<size_t>(it - tt->names().begin());
    if (base.constant && base.constant->kind == GlobalValue::Kind::Tuple)
      return constant(base.constant->elements[k]);
    return ExprInfo{tt->elements()[k]};
  }
  if (base.constant && base.constant->members &&
      (base.constant->kind == GlobalValue::Kind::Namespace ||
       base.constant->kind == GlobalValue::Kind::Module)) {
    // A user's module (or IntEnum class), or a member of cuda that pyjit has
    // no rule for (cuda.random): the attribute as a global of its own.
    const GlobalValue &ns = *base.constant;
    if (const GlobalValue *member = ns.members->lookup(attr))
      return global(*member, e.range(), spelledName(e));
    if (ns.kind == GlobalValue::Kind::Namespace) {
      error(e.range(), ns.name + " has no attribute '" + attr + "'"); // "module 'h' has ..."
      return {};
    }
  }
  if (auto *ns = dyn_cast<NamespaceType>(base.type); ns && ns->path() == "array.ctypes") {
    if (attr == "data") // a.ctypes.data: the array's address (numba), a uint64
      return ExprInfo{ctx.intTy(64, false)};
    error(e.range(), "of an array's ctypes, kernels read .data (its address) only");
    return {};
  }
  if (auto *ns = dyn_cast<NamespaceType>(base.type)) {
    llvm::StringRef path = ns->path();
    if (path == "cuda") {
      if (attr == "threadIdx" || attr == "blockIdx" || attr == "blockDim" || attr == "gridDim" ||
          attr == "shared" || attr == "local" || attr == "atomic" || attr == "fp16" ||
          attr == "bf16" || attr == "cg" || attr == "libdevice" || attr == "types" ||
          attr == "cache_hints")
        return ExprInfo{ctx.ns("cuda." + attr)};
      if (attr == "grid" || attr == "gridsize" || lookupCudaFn(attr) || attr == "lanemask_lt")
        return ExprInfo{ctx.builtin("cuda." + attr)};
      if (attr == "laneid" || attr == "warpsize")
        return ExprInfo{ctx.int32()};
      if (attr == "const")
        return ExprInfo{ctx.ns("cuda.const")};
      if (ctx.scalarByName(attr)) // cuda.float32: numba-cuda's type objects, as dtypes
        return ExprInfo{ctx.builtin("dtype." + attr)};
      if (std::optional<VectorTypeName> v = lookupVectorType(attr)) // cuda.float32x3, cuda.int2
        return ExprInfo{ctx.builtin("cuda.vector." + v->canonical())};
    } else if (path == "cuda.threadIdx" || path == "cuda.blockIdx" || path == "cuda.blockDim" ||
               path == "cuda.gridDim") {
      if (attr == "x" || attr == "y" || attr == "z")
        return ExprInfo{ctx.int32()};
    } else if (path == "cuda.types") { // cuda.types.uint32(x): numba-cuda's type objects
      if (ctx.scalarByName(attr))
        return ExprInfo{ctx.builtin("dtype." + attr)};
    } else if (path == "cuda.cache_hints") { // numba.cuda.cache_hints.ldcg: cuda.ldcg
      if (std::optional<CudaFn> fn = lookupCudaFn(attr); fn && isCacheHinted(*fn))
        return ExprInfo{ctx.builtin("cuda." + attr)};
    } else if (path == "cuda.cg") {
      if (attr == "this_grid")
        return ExprInfo{ctx.builtin("cuda.cg.this_grid")};
    } else if (path == "cuda.fp16") {
      if (isFp16Function(attr) || lookupFp16CFunction(attr))
        return ExprInfo{ctx.builtin("cuda.fp16." + attr)};
    } else if (path == "cuda.bf16") {
      if (attr == "bfloat16") // numba.cuda.bf16.bfloat16(x): the type, a conversion
        return ExprInfo{ctx.builtin("dtype.bfloat16")};
      if (lookupBf16Function(attr))
        return ExprInfo{ctx.builtin("cuda.bf16." + attr)};
    } else if (path == "cuda.libdevice") {
      if (lookupLibdevice(attr))
        return ExprInfo{ctx.builtin("cuda.libdevice." + attr)};
      error(e.range(), "cuda.libdevice has no function '" + attr +
                           "' (it has libdevice's functions, named without their __nv_ "
                           "prefix)" + unsupportedAttributeHint(path, attr));
      return {};
    } else if (path == "cuda.shared" || path == "cuda.local") {
      if (attr == "array")
        return ExprInfo{ctx.builtin((path + ".array").str())};
    } else if (path == "cuda.const") {
      if (attr == "array_like")
        return ExprInfo{ctx.builtin("cuda.const.array_like")};
    } else if (path == "cuda.atomic") {
      if (lookupCudaFn("atomic." + attr))
        return ExprInfo{ctx.builtin("cuda.atomic." + attr)};
    } else if (path == "math") {
      if (lookupMathFn(attr) || attr == "modf" || attr == "frexp")
        return ExprInfo{ctx.builtin("math." + attr)};
      if (std::optional<double> c = floatConstant(attr))
        return constant(GlobalValue::ofFloat(*c));
    } else if (path == "cmath") {
      if (lookupCMathFn(attr) && attr != "log2") // (log2 is NumPy's only)
        return ExprInfo{ctx.builtin("cmath." + attr)};
      if (std::optional<double> c = floatConstant(attr))
        return constant(GlobalValue::ofFloat(*c));
      if (attr == "infj" || attr == "nanj")
        return constant(GlobalValue::ofComplex(0.0, attr == "infj" ? INFINITY : NAN));
    } else if (path == "coop") {
      if (attr == "block" || attr == "warp")
        return ExprInfo{ctx.ns("coop." + attr)};
    } else if (path == "coop.block" || path == "coop.warp") {
      if (path == "coop.block" ? isCoopBlockFunction(attr) : isCoopWarpFunction(attr))
        return ExprInfo{ctx.builtin((path + "." + attr).str())};
    } else if (path == "ffi") { // a cffi FFI object
      if (attr == "from_buffer")
        return ExprInfo{ctx.builtin("ffi.from_buffer")};
    } else if (path == "operator") {
      // operator.__add__ is operator.add (the module's aliases; __and__,
      // __or__ and __not__ are and_, or_ and not_).
      llvm::StringRef spelled = attr;
      std::string name = attr;
      if (spelled.size() > 4 && spelled.starts_with("__") && spelled.ends_with("__")) {
        name = spelled.drop_front(2).drop_back(2).str();
        if (name == "and" || name == "or" || name == "not")
          name += "_";
      }
      if (isOperatorForm(name)) // operator.getitem(a, i): a[i], ...
        return ExprInfo{ctx.builtin("operator." + name)};
      if (!operatorModuleUfunc(name).empty()) // operator.add is also a coop operator
        return ExprInfo{ctx.builtin("operator." + name)};
    } else if (path == "pyjit") {
      if (ctx.scalarByName(attr))
        return ExprInfo{ctx.builtin("dtype." + attr)};
      if (attr == "cuda")
        return ExprInfo{ctx.ns("cuda")};
      if (attr == "coop")
        return ExprInfo{ctx.ns("coop")};
      if (attr == "types") // numba.types.int32 (import pyjit as numba): the type objects
        return ExprInfo{ctx.ns("cuda.types")};
      if (attr == "carray" || attr == "farray") // numba.carray(p, shape)
        return ExprInfo{ctx.builtin(attr)};
      if (attr == "prange") // numba.prange in a CUDA kernel is range
        return ExprInfo{ctx.builtin("range")};
      if (attr == "literal_unroll") // numba.literal_unroll(t): t, each element unrolled
        return ExprInfo{ctx.builtin("literal_unroll")};
    } else if (path == "numpy") {
      if (attr == "byte") // NumPy's C char: int8 (numba's byte is uint8)
        return ExprInfo{ctx.builtin("dtype.int8")};
      if (ctx.scalarByName(attr))
        return ExprInfo{ctx.builtin("dtype." + attr)};
      if (attr == "abs" || attr == "absolute") // keeps integers integers, as numpy does
        return ExprInfo{ctx.builtin("abs")};
      if (isNumpyScalarFunction(attr))
        return ExprInfo{ctx.builtin("numpy." + attr)};
      if (attr == "newaxis") { // np.newaxis is None (an index adding a dimension)
        GlobalValue none;
        none.kind = GlobalValue::Kind::None;
        return constant(none);
      }
      if (attr == "modf" || attr == "frexp" || attr == "divmod") // two results: a tuple
        return ExprInfo{ctx.builtin("numpy." + attr)};
      if (attr == "finfo" || attr == "iinfo") // np.finfo(np.float32).eps: constants
        return ExprInfo{ctx.builtin("numpy." + attr)};
      if (attr == "dtype") // np.dtype('float32'): a dtype, at compile time
        return ExprInfo{ctx.builtin("numpy.dtype")};
      if (attr == "euler_gamma") // NumPy's constant (numpy/_core/umath: 0.5772156649015329)
        return constant(GlobalValue::ofFloat(0.57721566490153286060651209008240243));
      if (attr == "size" || attr == "ndim" || attr == "shape" || attr == "array_equal")
        return ExprInfo{ctx.builtin("numpy." + attr)}; // np.size(a): a.size
      if (attr == "ptp") // np.ptp(a): a.max() - a.min()
        return ExprInfo{ctx.builtin("numpy.reduce.ptp")};
      if (attr == "isclose" || attr == "angle" || attr == "nan_to_num") // of numbers
        return ExprInfo{ctx.builtin("numpy." + attr)};
      if (attr == "round" || attr == "around" || attr == "round_") // np.round(x, decimals)
        return ExprInfo{ctx.builtin("numpy.round")};
      if (attr == "ndindex" || attr == "ndenumerate" || attr == "nditer") // `for` iterables
        return ExprInfo{ctx.builtin("numpy." + attr)};
      if (attr == "asarray") // np.asarray(a) of an array: a itself (numba-cuda's)
        return ExprInfo{ctx.builtin("numpy.asarray")};
      if (attr == "real" || attr == "imag" || attr == "searchsorted") // np.real(z): z.real
        return ExprInfo{ctx.builtin("numpy." + attr)};
      if (isArrayReduction(attr) || isNanReduction(attr) || attr == "amin" ||
          attr == "count_nonzero" || attr == "average" || attr == "trace" ||
          attr == "amax") // np.sum(a), np.amax(a), np.nanmax(a)
        return ExprInfo{ctx.builtin("numpy.reduce." +
                                    (attr == "amin" ? "min" : attr == "amax" ? "max" : attr))};
      if (numpyOperatorUfunc(attr))
        return ExprInfo{ctx.builtin("numpy.op." + attr)};
      if (std::optional<std::string> m = numpyMathName(attr))
        // numpy.m.exp: math's, or cmath's for a complex argument (np.exp(1j * t)).
        // (numpy.m.: NumPy's loops choose the operand type: mathOperandType)
        return ExprInfo{ctx.builtin("numpy.m." + *m)};
      if (std::optional<double> c = floatConstant(attr, /*numpy=*/true))
        return constant(GlobalValue::ofFloat(*c));
    }
    if (base.constant && base.constant->kind == GlobalValue::Kind::Module && path == "cuda") {
      // Python said which names its module has: a missing one is Python's
      // AttributeError (a misspelling: the closest kernel name); one it has
      // is its host API (cuda.to_device).
      if (attr == "literal_unroll") // cuda.literal_unroll(x) of what is not a tuple: its error
        return ExprInfo{ctx.builtin("literal_unroll")};
      if (llvm::is_contained(base.constant->absent, attr))
        error(e.range(), "module 'cuda' has no attribute '" + attr + "'" +
                             unsupportedAttributeHint(path, attr));
      else
        error(e.range(), "'cuda." + attr + "' is not supported in kernels (it is part of "
                         "the host API: call it outside the kernel)");
      return {};
    }
    if (path == "math" && !isPythonMathName(attr)) {
      // Python's AttributeError: `math.fmax` (C's name) is np.fmax's.
      std::string hint = attr == "fmax" || attr == "fmin"
                             ? " (max() and min() give the larger and the smaller number; "
                               "np." + attr + " ignores a NaN)"
                             : unsupportedAttributeHint(path, attr);
      error(e.range(), "module 'math' has no attribute '" + attr + "'" + hint);
      return {};
    }
    error(e.range(), "'" + path + "." + attr + "' is not supported in kernels" +
                         unsupportedAttributeHint(path, attr));
    return {};
  }
  if (base.constant && base.constant->kind == GlobalValue::Kind::Int &&
      !base.constant->name.empty() && (attr == "value" || attr == "name")) {
    // An IntEnum member (Mode.ADD.value), as numba types it: a literal int.
    if (attr == "name") {
      error(e.range(), "'" + base.constant->name + ".name' is a string: string values are not "
                       "supported in kernels");
      return {};
    }
    return constant(GlobalValue::ofInt(base.constant->i));
  }
  if (auto *it = dyn_cast<IntType>(base.type); it && it->isIntEnum() && attr == "value")
    return ExprInfo{ctx.int64()}; // an IntEnum member passed in or held: its int
  if (auto *it = dyn_cast<IntType>(base.type); it && !it->isEnum() && attr == "value")
    return base; // an int (an IntFlag member, typed as its int): .value is itself
  if (auto *it = dyn_cast<IntType>(base.type); it && !it->isEnum() && attr == "bit_count")
    return ExprInfo{ctx.builtin("method.bit_count")}; // int.bit_count(), Python 3.10
  if (attr == "item" && base.type->isScalar() &&
      !(isa<IntType>(base.type) && cast<IntType>(base.type)->isEnum()))
    return ExprInfo{ctx.builtin("method.scalar.item")}; // x.item(): x (numba's)
  if (attr == "view" && (isa<FloatType>(base.type) ||
                         (isa<IntType>(base.type) && !cast<IntType>(base.type)->isEnum())))
    return ExprInfo{ctx.builtin("method.scalar.view")}; // x.view(np.uint64): its bits
  if (auto *et = dyn_cast<IntType>(base.type); et && et->isEnum()) {
    // A plain enum member held in a variable or argument: its value.
    if (attr == "value" && et->isOrdinalEnum()) {
      error(e.range(), "the members of enum '" + et->enumClass() + "' hold values that are "
                       "not ints: kernels compare them (==, is) but read no .value");
      return {};
    }
    if (attr == "value")
      return ExprInfo{ctx.int64()};
    error(e.range(), "an enum member (" + typeName(base.type) + ") has only .value in kernels" +
                         (attr == "name" ? " (its name is a string)" : ""));
    return {};
  }
  if (base.type->isScalar() && (attr == "real" || attr == "imag" || attr == "conjugate")) {
    if (attr == "conjugate")
      return ExprInfo{ctx.builtin("method.conjugate")};
    if (auto *ct = dyn_cast<ComplexType>(base.type))
      return ExprInfo{ctx.floatTy(ct->partBits())};
    return ExprInfo{base.type}; // x.real is x, x.imag is 0 for real numbers
  }
  if (isa<RecordType>(base.type))
    return recordField(*e.value, attr, e.range()); // a[i].x
  if (isa<GridGroupType>(base.type)) {
    if (attr == "sync")
      return ExprInfo{ctx.builtin("cuda.cg.GridGroup.sync")};
    error(e.range(), "a GridGroup has one method, sync(), and no attribute '" + attr + "'");
    return {};
  }
  if (auto *at = dyn_cast<ArrayType>(base.type)) {
    if (at->isPointer()) {
      error(e.range(), "a pointer (" + typeName(at) + ") has no attribute '" + attr +
                           "': it has no length or shape; index it (p[i]) or view it as an "
                           "array with carray(p, shape)");
      return {};
    }
    if (attr == "ctypes")
      return ExprInfo{ctx.ns("array.ctypes")};
    if (attr == "shape") {
      std::vector<Type *> dims(at->ndim(), ctx.int64());
      return ExprInfo{ctx.tuple(dims)};
    }
    if (attr == "size")
      return ExprInfo{ctx.int64()};
    if (attr == "ndim")
      return constant(GlobalValue::ofInt(at->ndim()));
    if (attr == "itemsize") // bytes per element (numba: a literal)
      return constant(GlobalValue::ofInt(static_cast<int64_t>(elementBytes(at->dtype()))));
    if (attr == "nbytes") // size * itemsize
      return ExprInfo{ctx.int64()};
    if (attr == "strides") {
      std::vector<Type *> dims(at->ndim(), ctx.int64());
      return ExprInfo{ctx.tuple(dims)};
    }
    if (attr == "T") { // a view, dimensions reversed: C layout becomes F and back
      Layout l = at->layout() == Layout::C ? Layout::F : at->layout() == Layout::F ? Layout::C
                                                                                 : Layout::A;
      if (at->ndim() == 1)
        l = at->layout();
      return ExprInfo{ctx.array(at->dtype(), at->ndim(), l, at->readonly())};
    }
    if (attr == "dtype") // usable where a dtype is, e.g. cuda.local.array(4, a.dtype)
      return ExprInfo{ctx.builtin("dtype." + at->dtype()->str())};
    if (attr == "real" || attr == "imag") {
      // a.real, a.imag of a complex array: views of its parts (numba), so
      // cuda.atomic.add(a.real, i, v) works; a real array's .real is itself.
      if (auto *ct = dyn_cast<ComplexType>(at->dtype()))
        return ExprInfo{ctx.array(ctx.floatTy(ct->partBits()), at->ndim(), Layout::A,
                                  at->readonly())};
      if (attr == "real")
        return ExprInfo{at};
      error(e.range(), "the .imag of a real array would be a new array of zeros, which "
                       "kernels cannot make");
      return {};
    }
    if (attr == "flat") {
      // a.flat: the elements in C order. Of a C-contiguous array a 1-d view
      // (indexed, assigned to, iterated); of another, numba's flatiter.
      if (at->layout() == Layout::C && !at->isPointer())
        return ExprInfo{ctx.array(at->dtype(), 1, Layout::C, at->readonly())};
      if (at->isPointer()) {
        error(e.range(), "a pointer (" + typeName(at) + ") has no .flat: it has no extent; "
                         "carray(p, shape) views it as an array");
        return {};
      }
      return ExprInfo{ctx.flatIter(at)};
    }
    if (attr == "reshape" || attr == "view" || attr == "fill" || attr == "item" ||
        attr == "transpose" || attr == "ravel" || attr == "clip")
      return ExprInfo{ctx.builtin("method.array." + attr)};
    if (isArrayReduction(attr)) // a.sum(), a.max(), ...: called below (InferCalls)
      return ExprInfo{ctx.builtin("method.array." + attr)};
    if (auto *rt = dyn_cast<RecordType>(at->dtype())) {
      if (rt->field(attr))
        return fieldArray(at, attr, e.range());
      error(e.range(), "the record array has no field or attribute '" + attr + "'");
      return {};
    }
    error(e.range(), "array attribute '" + attr + "' is not supported in kernels");
    return {};
  }
  if (auto *bt = dyn_cast<BuiltinType>(base.type);
      bt && (bt->path().starts_with("finfo.") || bt->path().starts_with("iinfo."))) {
    // np.finfo(dtype) / np.iinfo(dtype): NumPy's machine limits as
    // constants, typed as numba's namedtuple of NumPy's values types them
    // (the float ones in the float type, the rest int64).
    Type *dtype = ctx.scalarByName(bt->path().drop_front(6));
    if (std::optional<MachineLimit> v = machineLimit(dtype, attr)) {
      ExprInfo r{v->isFloat ? dtype : v->isUint64 ? ctx.uint64() : ctx.int64()};
      r.constant = v->isFloat ? GlobalValue::ofFloat(v->f) : GlobalValue::ofInt(v->i);
      if (v->isUint64)
        r.constant->dtype = "uint64";
      return r;
    }
    if (attr == "dtype")
      return ExprInfo{ctx.builtin("dtype." + dtype->str())};
    error(e.range(), "np." + bt->path().take_front(5).str() + "(" + dtype->str() +
                         ") has no attribute '" + attr + "' in kernels");
    return {};
  }
  if (auto *bt = dyn_cast<BuiltinType>(base.type); bt && bt->path().starts_with("dtype.")) {
    // A dtype (a.dtype, np.dtype('f8'), np.float64): .type is its scalar
    // type, callable as the dtype is (dtype.type(0.5), as NumPy's); .itemsize
    // its bytes.
    Type *dtype = ctx.scalarByName(bt->path().drop_front(6));
    if (!dtype) { // a record dtype (a.dtype of a record array): its spelling
      llvm::Expected<Type *> parsed = parseType(ctx, bt->path().drop_front(6));
      dtype = parsed ? *parsed : (llvm::consumeError(parsed.takeError()), nullptr);
    }
    if (attr == "type" && dtype && dtype->isScalar())
      return base;
    if (attr == "type" && dtype) {
      error(e.range(), "the record dtype " + typeName(dtype) + " has no scalar type (.type) "
                       "in kernels");
      return {};
    }
    if (attr == "itemsize" && dtype)
      return constant(GlobalValue::ofInt(static_cast<int64_t>(elementBytes(dtype))));
  }
  error(e.range(), "a value of type " + typeName(base.type) + " has no attribute '" + attr + "'" +
                       (attr == "format" && isTextType(base.type) ? kNoFormattingHint : ""));
  return {};
}

ExprInfo Inferer::fieldArray(ArrayType *at, const std::string &name, SourceRange range) {
  auto *rt = cast<RecordType>(at->dtype());
  const RecordType::Field *f = rt->field(name);
  if (!f) {
    error(range, "the record array's dtype has no field '" + name + "'");
    return {};
  }
  if (f->isArray()) {
    error(range, "field '" + name + "' is an array in each element: a[i]." + name +
                     " is its array (the field of every element is not supported)");
    return {};
  }
  // Loads and stores of the view assume alignment to the field's size (a
  // complex number's too: one vector access).
  uint64_t natural = f->type->isScalar() ? elementBytes(f->type) : 1;
  if (placementAlignment(rt->size(), f->offset) < natural) {
    error(range, "field '" + name + "' is not at a multiple of its size (" +
                     llvm::Twine(natural) + " bytes) in every element of the record array: "
                     "its view is not supported; read it per element, a[i]." + name);
    return {};
  }
  return ExprInfo{ctx.array(f->type, at->ndim(), Layout::A, at->readonly())};
}

std::optional<ExprInfo> Inferer::stringComparison(const CompareExpr &c,
                                                  llvm::ArrayRef<ExprInfo> ops) {
  auto isString = [](const ExprInfo &x) { return x.constant && x.constant->isString(); };
  auto isStr = [](const ExprInfo &x) {
    auto *bt = llvm::dyn_cast_or_null<BuiltinType>(x.type);
    return bt && (bt->path() == "str" || bt->path() == "bytes");
  };
  auto isBytes = [](const ExprInfo &x) { return x.constant && x.constant->dtype == "bytes"; };
  auto isRuntime = [](const ExprInfo &x) { return isRuntimeStr(x.type); };
  if (std::none_of(ops.begin(), ops.end(), isString) && std::none_of(ops.begin(), ops.end(), isStr) &&
      std::none_of(ops.begin(), ops.end(), isRuntime))
    return std::nullopt;
  for (const ExprInfo &x : ops)
    if (isStr(x) && !isString(x)) { // (a compiler bug: every str is a constant)
      error(c.range(), "a string whose value is not known when compiling");
      return ExprInfo{};
    }
  if (c.ops.size() == 1 && isString(ops[0]) && isString(ops[1]) &&
      isBytes(ops[0]) == isBytes(ops[1]) &&
      (c.ops[0] == CompareOp::Lt || c.ops[0] == CompareOp::LtE || c.ops[0] == CompareOp::Gt ||
       c.ops[0] == CompareOp::GtE)) {
    // "a" < "b" of two constants of one kind: Python's order of code points
    // (UTF-8's byte order is the same), decided now (numba's Literal[str]).
    int order = llvm::StringRef(ops[0].constant->data).compare(ops[1].constant->data);
    bool holds = c.ops[0] == CompareOp::Lt    ? order < 0
                 : c.ops[0] == CompareOp::LtE ? order <= 0
                 : c.ops[0] == CompareOp::Gt  ? order > 0
                                              : order >= 0;
    return constant(GlobalValue::ofBool(holds));
  }
  if (c.ops.size() != 1 || (c.ops[0] != CompareOp::Eq && c.ops[0] != CompareOp::NotEq)) {
    error(c.range(), std::none_of(ops.begin(), ops.end(), isRuntime)
                         ? "strings compare with '==' and '!=' in kernels (when compiling)"
                         : "a string known only at run time compares with '==' and '!=' "
                           "in kernels");
    return ExprInfo{};
  }
  if (!ops[0].type || !ops[1].type)
    return ExprInfo{};
  if (isRuntimeStr(ops[0].type) || isRuntimeStr(ops[1].type)) {
    // A string known at run time and a str: compared then (IRGen); and a
    // number or bytes: never equal (a run-time string holds a str).
    if (holdsStr(ops[0]) && holdsStr(ops[1]))
      return ExprInfo{ctx.boolean()};
    return constant(GlobalValue::ofBool(c.ops[0] != CompareOp::Eq));
  }
  // Decided now, as numba decides Literal[str] comparisons: a string never
  // equals a number.
  bool same = isString(ops[0]) && isString(ops[1]) &&
              ops[0].constant->data == ops[1].constant->data &&
              isBytes(ops[0]) == isBytes(ops[1]); // (a str never equals bytes)
  return constant(GlobalValue::ofBool(c.ops[0] == CompareOp::Eq ? same : !same));
}

std::optional<std::vector<int64_t>> Inferer::tupleSlice(const SliceExpr &s, size_t size) {
  // Python's slice.indices(size), on constant bounds.
  int64_t n = static_cast<int64_t>(size);
  auto bound = [&](const ExprPtr &x, int64_t dflt) -> std::optional<int64_t> {
    if (!x)
      return dflt;
    ExprInfo v = expr(*x);
    if (!v.type)
      return std::nullopt;
    if (!v.constant || (v.constant->kind != GlobalValue::Kind::Int &&
                        v.constant->kind != GlobalValue::Kind::Bool)) {
      error(x->range(), "a slice of a tuple needs constant integer bounds");
      return std::nullopt;
    }
    return v.constant->i;
  };
  std::optional<int64_t> step = bound(s.step, 1);
  if (!step)
    return std::nullopt;
  if (*step == 0) {
    error(s.step->range(), "slice step cannot be zero");
    return std::nullopt;
  }
  bool down = *step < 0;
  std::optional<int64_t> lo = bound(s.lower, down ? n - 1 : 0);
  std::optional<int64_t> hi = bound(s.upper, down ? -n - 1 : n);
  if (!lo || !hi)
    return std::nullopt;
  auto clamp = [&](int64_t v) {
    if (v < 0)
      v += n;
    return down ? std::clamp<int64_t>(v, -1, n - 1) : std::clamp<int64_t>(v, 0, n);
  };
  std::vector<int64_t> picked;
  for (int64_t k = clamp(*lo), end = clamp(*hi); down ? k > end : k < end; k += *step)
    picked.push_back(k);
  return picked;
}

/// The record element a field access reads (`a[i].x`, `a[i]['x']`): the
/// base must be a full index of a record array, and the field one of its.
ExprInfo Inferer::tupleIndex(ArrayType *at, TupleType *tt, SourceRange elementsAt,
                             SourceRange countAt) {
  unsigned slices = 0;
  for (Type *el : tt->elements()) {
    slices += isa<SliceType>(el);
    if (!isIntegral(el) && !isa<SliceType>(el)) {
      error(elementsAt, "array index must be an integer or a slice, not " + typeName(el));
      return {};
    }
  }
  if (tt->size() > at->ndim()) {
    error(countAt, "too many indices for a " + llvm::Twine(at->ndim()) + "-d array: " +
                       llvm::Twine(tt->size()));
    return {};
  }
  if (slices) // idx = (slice(1, n), 0): a view, of layout A (the steps are not known)
    return ExprInfo{ctx.array(at->dtype(),
                              at->ndim() - static_cast<unsigned>(tt->size()) + slices, Layout::A,
                              at->readonly())};
  if (tt->size() < at->ndim()) // a[idx] with fewer indices: a view (a[i, j] of a 3-d a)
    return ExprInfo{ctx.array(at->dtype(), at->ndim() - static_cast<unsigned>(tt->size()),
                              at->layout() == Layout::C ? Layout::C : Layout::A,
                              at->readonly())};
  return ExprInfo{elementType(at)};
}

Type *Inferer::elementType(ArrayType *at) {
  // An element of a read-only record array is a read-only record.
  if (auto *rt = dyn_cast<RecordType>(at->dtype()); rt && at->readonly())
    return ctx.readonlyRecord(rt);
  return at->dtype();
}


/// A field access, a[i].x or a[i]['x'], of a record-typed value.
static const Expr *fieldAccessBase(const Expr &e, const TypedFunction &typed) {
  const Expr *base = nullptr;
  if (auto *a = dyn_cast<AttributeExpr>(&e))
    base = a->value.get();
  else if (auto *s = dyn_cast<SubscriptExpr>(&e); s && isa<StrLitExpr>(*s->index))
    base = s->value.get();
  auto it = base ? typed.exprs.find(base) : typed.exprs.end();
  return it != typed.exprs.end() && llvm::isa_and_nonnull<RecordType>(it->second.type) ? base
                                                                                       : nullptr;
}

std::optional<bool> Inferer::foldNumberComparison(llvm::ArrayRef<CompareOp> ops,
                                                  llvm::ArrayRef<ExprInfo> operands) {
  // Python compares ints (to 64 bits here, uint64 too), bools and floats
  // exactly; long double holds every int64 and uint64 exactly.
  auto value = [](const ExprInfo &x) -> std::optional<long double> {
    // (A datetime64/timedelta64 constant compares by its unit and NaT's
    // rules at run time, IRGen::datetimeCompare; NaT == NaT is False.)
    if (!x.constant || llvm::isa_and_nonnull<DatetimeType>(x.type))
      return std::nullopt;
    const GlobalValue &c = *x.constant;
    switch (c.kind) {
    case GlobalValue::Kind::Bool:
    case GlobalValue::Kind::Int:
      return c.dtype == "uint64" ? static_cast<long double>(static_cast<uint64_t>(c.i))
                                 : static_cast<long double>(c.i);
    case GlobalValue::Kind::Float:
      return static_cast<long double>(c.f);
    default:
      return std::nullopt;
    }
  };
  // Both are first converted to the type the comparison runs in (as IRGen
  // lowers it): np.float32(0.1) == 0.1 compares in float32 (True).
  auto rounded = [](long double v, Type *t) -> long double {
    auto *ft = llvm::dyn_cast_or_null<FloatType>(t);
    if (!ft)
      return v;
    if (ft->bits() == 32)
      return static_cast<float>(static_cast<double>(v));
    if (ft->bits() == 16) {
      llvm::APFloat h(static_cast<double>(v));
      bool lost = false;
      h.convert(ft->semantics(), llvm::APFloat::rmNearestTiesToEven, &lost);
      h.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &lost);
      return h.convertToDouble();
    }
    return static_cast<double>(v);
  };
  bool all = true;
  for (size_t k = 0; k < ops.size(); ++k) {
    std::optional<long double> l = value(operands[k]), r = value(operands[k + 1]);
    if (!l || !r)
      return std::nullopt;
    Type *common = promoteOperands(ctx, operandOf(operands[k]), operandOf(operands[k + 1]));
    // (Two integers compare exactly, a signed one and a uint64 too, as the
    // run-time comparison does.)
    if (isa<FloatType>(operands[k].type) || isa<FloatType>(operands[k + 1].type)) {
      *l = rounded(*l, common);
      *r = rounded(*r, common);
    }
    std::optional<bool> one = orderedCompare(ops[k], *l, *r); // (a NaN: only != holds)
    if (!one)
      return std::nullopt;
    all = all && *one;
  }
  return all;
}

/// compareLink's result: none after an error, else the comparison's value
/// where the types decide it (none: computed at run time). Its values are
/// built in place: GCC 12 warns (-Wmaybe-uninitialized) of a copied empty one.
using LinkResult = std::optional<std::optional<bool>>;

std::optional<std::optional<bool>> Inferer::compareLink(CompareOp op, const ExprInfo &l,
                                                        const ExprInfo &r, SourceRange at) {
  auto isDType = [](const ExprInfo &x) {
    auto *bt = dyn_cast<BuiltinType>(x.type);
    return bt && bt->path().starts_with("dtype.");
  };
  if ((op == CompareOp::Eq || op == CompareOp::NotEq) && isDType(l) && isDType(r)) {
    // a.dtype == np.dtype('f8'): numba-cuda's DType equality, of the types
    // the dtypes name (np.double is np.float64).
    Type *lt = dtypeOperand(l), *rt = dtypeOperand(r);
    if (lt && rt)
      return LinkResult(std::in_place, (lt == rt) == (op == CompareOp::Eq));
  }
  bool lt = isa<TupleType>(l.type), rt = isa<TupleType>(r.type);
  if ((op == CompareOp::Eq || op == CompareOp::NotEq) && (lt || rt)) {
    // Tuples compare element by element (a.shape == (3, 4)); tuples of
    // different lengths, or a tuple and a number, are never equal.
    std::function<std::optional<bool>(Type *, Type *)> comparable =
        [&](Type *a, Type *b) -> std::optional<bool> {
      auto *ta = dyn_cast<TupleType>(a), *tb = dyn_cast<TupleType>(b);
      if (!ta || !tb) {
        if (ta || tb)
          return (ta ? b : a)->isScalar() ? std::optional<bool>(false) : std::nullopt;
        return a->isScalar() && b->isScalar() && promoteOperands(ctx, {a, false}, {b, false})
                   ? std::optional<bool>(true)
                   : std::nullopt;
      }
      if (ta->size() != tb->size())
        return false;
      bool all = true;
      for (size_t k = 0; k < ta->size(); ++k) {
        std::optional<bool> one = comparable(ta->elements()[k], tb->elements()[k]);
        if (!one)
          return std::nullopt;
        all &= *one;
      }
      return all;
    };
    std::optional<bool> ok = comparable(l.type, r.type);
    if (!ok) {
      error(at, llvm::Twine("cannot compare ") + typeName(l.type) + " and " + typeName(r.type) +
                    " with '" + compareOpSpelling(op) + "'");
      return std::nullopt;
    }
    if (!*ok)
      return LinkResult(std::in_place, op == CompareOp::NotEq);
    return LinkResult(std::in_place);
  }
  if (lt && rt) {
    // (a, b) < (2, 5): lexicographic, as Python orders tuples, element by
    // element over the common length: real numbers, or tuples ordered so.
    std::function<bool(Type *, Type *)> orderable = [&](Type *a, Type *b) {
      auto *ta = dyn_cast<TupleType>(a), *tb = dyn_cast<TupleType>(b);
      if (ta && tb) {
        for (size_t k = 0; k < std::min(ta->size(), tb->size()); ++k)
          if (!orderable(ta->elements()[k], tb->elements()[k]))
            return false;
        return true;
      }
      auto real = [](Type *t) {
        auto *it = dyn_cast<IntType>(t);
        return t->isScalar() && !isa<ComplexType>(t) && !(it && it->isEnum());
      };
      return !ta && !tb && real(a) && real(b);
    };
    if (!orderable(l.type, r.type)) {
      error(at, llvm::Twine("'") + compareOpSpelling(op) + "' orders tuples of real numbers "
                            "(or of such tuples, element by element), not " + typeName(l.type) +
                            " and " + typeName(r.type));
      return std::nullopt;
    }
    return LinkResult(std::in_place);
  }
  bool ordered = op != CompareOp::Eq && op != CompareOp::NotEq;
  if (isa<DatetimeType>(l.type) || isa<DatetimeType>(r.type)) {
    if (!datetimesCompare(l.type, r.type)) {
      error(at, llvm::Twine("cannot compare ") + typeName(l.type) + " and " + typeName(r.type) +
                    " with '" + compareOpSpelling(op) + "' (two datetimes or two timedeltas, "
                    "in units that convert)");
      return std::nullopt;
    }
    return LinkResult(std::in_place);
  }
  for (const ExprInfo *side : {&l, &r})
    if (auto *et = dyn_cast<IntType>(side->type); et && et->isEnum() && ordered) {
      error(at, llvm::Twine("enum members have no order: '") + compareOpSpelling(op) +
                    "' is not defined for " + typeName(side->type));
      return std::nullopt;
    }
  if (ordered && (isa<ComplexType>(l.type) || isa<ComplexType>(r.type))) {
    error(at, llvm::Twine("complex numbers have no order: '") + compareOpSpelling(op) +
                  "' is not defined for them");
    return std::nullopt;
  }
  if (!promoteOperands(ctx, operandOf(l), operandOf(r))) {
    error(at, llvm::Twine("cannot compare ") + typeName(l.type) + " and " + typeName(r.type) +
                  " with '" + compareOpSpelling(op) + "'");
    return std::nullopt;
  }
  return LinkResult(std::in_place);
}

std::pair<uint64_t, uint64_t> Inferer::recordPlacement(const Expr &element) {
  if (const Expr *base = fieldAccessBase(element, result)) {
    auto [root, offset] = recordPlacement(*base);
    llvm::StringRef name = isa<AttributeExpr>(element)
                               ? llvm::StringRef(cast<AttributeExpr>(element).attr)
                               : llvm::StringRef(cast<StrLitExpr>(*cast<SubscriptExpr>(element).index).value);
    const RecordType::Field *f = cast<RecordType>(result.exprs[base].type)->field(name);
    return {root, offset + (f ? f->offset : 0)};
  }
  return {cast<RecordType>(result.exprs[&element].type)->size(), 0};
}

ExprInfo Inferer::recordField(const Expr &element, llvm::StringRef field, SourceRange at) {
  auto *rt = cast<RecordType>(result.exprs[&element].type);
  if (!isa<SubscriptExpr, NameExpr>(element) && !fieldAccessBase(element, result)) {
    error(element.range(), "a record's field is read from an array element (a[i]." +
                               field.str() + ") or a record variable (r = a[i]; r." +
                               field.str() + ")");
    return {};
  }
  if (const RecordType::Field *f = rt->field(field)) {
    if (f->isArray()) {
      // A view of the field's elements, loaded at their natural alignment:
      // the field must have it wherever the element lies (a packed dtype
      // may put it at any offset).
      auto [root, offset] = recordPlacement(element);
      offset += f->offset;
      if (placementAlignment(root, offset) < elementBytes(f->type)) {
        // An aligned dtype places a complex field at its parts' alignment,
        // and pyjit loads complex elements whole: padding is the fix there.
        error(at, "array field '" + field.str() + "' (" + typeName(f->type) + ") lies at byte " +
                      llvm::Twine(offset) + " of a " + llvm::Twine(root) +
                      "-byte record; its elements are loaded " +
                      llvm::Twine(elementBytes(f->type)) + " bytes at a time, so it must lie at a "
                      "multiple of " + llvm::Twine(elementBytes(f->type)) + " in every element: " +
                      (rt->aligned() ? "add padding before it"
                                     : "make the dtype with align=True (np.dtype([...], "
                                       "align=True))"));
        return {};
      }
      return ExprInfo{ctx.array(f->type, static_cast<unsigned>(f->shape.size()), Layout::C,
                                rt->readonly())};
    }
    if (auto *inner = dyn_cast<RecordType>(f->type))
      return ExprInfo{rt->readonly() ? ctx.readonlyRecord(inner) : inner};
    return ExprInfo{f->type};
  }
  std::string names;
  for (const RecordType::Field &f : rt->fields())
    names += (names.empty() ? "" : ", ") + f.name;
  error(at, "the record has no field '" + field.str() + "' (its fields: " + names + ")");
  return {};
}

ExprInfo Inferer::subscript(const SubscriptExpr &e) {
  ExprInfo base = valueOf(*e.value, expr(*e.value)); // cuda.threadIdx[0]: a Dim3
  if (!base.type)
    return {};
  if (auto *name = dyn_cast<StrLitExpr>(e.index.get());
      name && base.constant && base.constant->members &&
      base.constant->kind == GlobalValue::Kind::Namespace) {
    // Color['red']: an enum class's member by name, as Color.red.
    result.exprs[name] = ExprInfo{ctx.none()};
    if (const GlobalValue *member = base.constant->members->lookup(name->value))
      return global(*member, e.range(), name->value);
    error(e.range(), base.constant->name + " has no member '" + name->value + "'");
    return {};
  }
  if (auto *at = dyn_cast<ArrayType>(base.type); at && at->isPointer()) {
    // A pointer takes one integer index, p[i] (numba's CPointer getitem).
    ExprInfo idx = isa<SliceExpr>(*e.index) ? ExprInfo{} : expr(*e.index);
    if (!isa<SliceExpr>(*e.index) && !idx.type)
      return {};
    if (!idx.type || !isa<IntType>(idx.type)) {
      error(e.index->range(), "a pointer (" + typeName(at) + ") is indexed by one integer, "
                              "not " + (idx.type ? typeName(idx.type) : std::string("a slice")) +
                              "; carray(p, shape) views it as an array");
      return {};
    }
    return ExprInfo{at->dtype()}; // (the index is typed: not again below)
  }
  if (auto *at = dyn_cast<ArrayType>(base.type); at && isa<RecordType>(at->dtype()) &&
      isa<StrLitExpr, NameExpr>(*e.index)) { // a['x'] as a.x; a[NAME], a string constant
    ExprInfo idx = expr(*e.index);
    if (idx.constant && idx.constant->isString())
      return fieldArray(at, idx.constant->data, e.index->range());
  }
  if (auto *rt = dyn_cast<RecordType>(base.type)) {
    // a[i]['x']: a field by its name, a string literal; a[i][0]: by its
    // position, a constant int (numba; negative counts from the end).
    if (auto *name = dyn_cast<StrLitExpr>(e.index.get())) {
      result.exprs[name] = ExprInfo{ctx.none()};
      return recordField(*e.value, name->value, e.index->range());
    }
    ExprInfo idx = expr(*e.index);
    if (!idx.type)
      return {};
    if (idx.constant && idx.constant->isString()) { // a[i][NAME], a string constant
      result.recordFieldNames[&e] = idx.constant->data;
      return recordField(*e.value, idx.constant->data, e.index->range());
    }
    int64_t n = static_cast<int64_t>(rt->fields().size());
    if (!idx.constant || idx.constant->kind != GlobalValue::Kind::Int ||
        !isa<IntType>(idx.type)) {
      error(e.index->range(), "a record's field is named by a string literal or a constant "
                              "int (a[i]['x'], a[i][0])");
      return {};
    }
    int64_t k = idx.constant->i < 0 ? idx.constant->i + n : idx.constant->i;
    if (k < 0 || k >= n) {
      error(e.index->range(), "record field index " + llvm::Twine(idx.constant->i) +
                                  " is out of range (the record has " + llvm::Twine(n) +
                                  " fields)");
      return {};
    }
    const std::string &name = rt->fields()[static_cast<size_t>(k)].name;
    result.recordFieldNames[&e] = name;
    return recordField(*e.value, name, e.index->range());
  }
  if (auto *tt = dyn_cast<TupleType>(base.type)) {
    if (auto *slice = dyn_cast<SliceExpr>(e.index.get())) {
      // t[1:], a.shape[:2], t[::-1]: constant bounds, a tuple of the elements.
      std::optional<std::vector<int64_t>> picked = tupleSlice(*slice, tt->size());
      if (!picked)
        return {};
      result.tupleSlices[&e] = *picked;
      std::vector<Type *> elems;
      for (int64_t k : *picked)
        elems.push_back(tt->elements()[k]);
      ExprInfo r{ctx.tuple(elems)};
      if (base.constant && base.constant->kind == GlobalValue::Kind::Tuple) {
        // SHAPE[1:] of a constant tuple: a constant too (a local array's
        // shape, as numba types it: a tuple of literals).
        GlobalValue g = *base.constant;
        g.elements.clear();
        for (int64_t k : *picked)
          g.elements.push_back(base.constant->elements[k]);
        r.constant = std::move(g);
      }
      return r;
    }
    ExprInfo idx = expr(*e.index);
    if (!idx.type)
      return {};
    if (!idx.constant && (isa<IntType>(idx.type) || isa<BoolType>(idx.type)) && tt->size() > 0) {
      // A run-time index into a tuple of one type of numbers or arrays, or
      // of tuples of them (numba's UniTuple: OFFSETS[i][1], (x, y)[i][0]).
      bool uniform = true;
      for (Type *el : tt->elements())
        uniform &= el == tt->elements()[0] && selectableAtRunTime(el);
      if (uniform)
        return ExprInfo{tt->elements()[0]};
      if (llvm::all_of(tt->elements(), [](Type *el) { return isTextType(el); }))
        return ExprInfo{ctx.builtin("str.runtime")}; // NAMES[i]: one of the strings
      error(e.index->range(), "a tuple indexed at run time needs elements of one type (numbers, "
                              "strings, arrays, or tuples of them); this one is " +
                              typeName(base.type) +
                              ": index it with a constant");
      return {};
    }
    if (tt->size() == 0 && isIntegral(idx.type)) {
      error(e.index->range(), "tuple index out of range: the tuple is empty");
      return {};
    }
    if (!idx.constant || idx.constant->kind != GlobalValue::Kind::Int) {
      error(e.index->range(), "a tuple index must be an integer");
      return {};
    }
    int64_t i = idx.constant->i;
    int64_t n = static_cast<int64_t>(tt->size());
    if (i < -n || i >= n) {
      error(e.index->range(), "tuple index " + llvm::Twine(i) + " out of range for a tuple of " +
                                  llvm::Twine(n));
      return {};
    }
    if (base.constant && base.constant->kind == GlobalValue::Kind::Tuple)
      return constant(base.constant->elements[i < 0 ? i + n : i]);
    // ("add", "mul")[k] of a tuple written out (literal_unroll's copies):
    // the element itself, a constant where it is one.
    if (auto *te = dyn_cast<TupleExpr>(e.value.get());
        te && te->elts.size() == tt->size() &&
        llvm::none_of(te->elts, [](const ExprPtr &x) { return isa<StarredExpr>(*x); })) {
      ExprInfo element = expr(*te->elts[i < 0 ? i + n : i]);
      if (element.constant && element.constant->isString())
        return element;
    }
    return ExprInfo{tt->elements()[i < 0 ? i + n : i]};
  }
  if (auto *ft = dyn_cast<FlatIterType>(base.type)) {
    // a.flat[i] of an array that is not C-contiguous: element i in C order.
    ExprInfo idx = expr(*e.index);
    if (!idx.type)
      return {};
    if (!isa<IntType>(idx.type)) {
      error(e.index->range(), "a.flat of an array that is not C-contiguous is indexed by one "
                              "integer in kernels, not " + aTypeName(idx.type));
      return {};
    }
    return ExprInfo{elementType(ft->array())};
  }
  auto *at = dyn_cast<ArrayType>(base.type);
  if (!at) {
    auto *config = dyn_cast<TupleExpr>(e.index.get());
    if (auto *bt = dyn_cast<BuiltinType>(base.type);
        bt && ctx.deviceFunction(bt->path()) && config && config->elts.size() >= 2 &&
        config->elts.size() <= 4) {
      // child[grid, block](...) in a kernel: a launch from the device.
      error(e.range(), "a kernel cannot launch a kernel (CUDA dynamic parallelism is not "
                       "supported, as in numba-cuda): call a device function instead, or "
                       "launch from the host");
      return {};
    }
    error(e.value->range(), "a value of type " + typeName(base.type) + " cannot be indexed");
    return {};
  }
  if (ellipsisCount(*e.index) > 1) {
    error(e.index->range(), "an index can have only one Ellipsis ('...')");
    return {};
  }
  if (splices(*e.index)) {
    // a[(*t, 1)]: the spliced tuple is one index of integers.
    ExprInfo ti = expr(*e.index);
    if (!ti.type)
      return {};
    return tupleIndex(at, cast<TupleType>(ti.type), e.index->range(), e.index->range());
  }
  if (auto *t = dyn_cast<TupleExpr>(e.index.get())) {
    result.exprs[t] = ExprInfo{ctx.none()};
    for (const ExprPtr &x : t->elts)
      if (isa<EllipsisExpr>(*x))
        result.exprs[x.get()] = ExprInfo{ctx.none()};
  } else if (isa<EllipsisExpr>(*e.index)) {
    result.exprs[e.index.get()] = ExprInfo{ctx.none()};
  }
  // None (np.newaxis): a new dimension of extent 1 (NumPy's basic indexing).
  auto newAxis = [&](const Expr *x) {
    if (!isa<NoneLitExpr, NameExpr, AttributeExpr>(x))
      return false;
    auto it = result.exprs.find(x);
    const ExprInfo &xi = it != result.exprs.end() ? it->second : (result.exprs[x] = expr(*x));
    return xi.type && isa<NoneType>(xi.type);
  };
  std::vector<const Expr *> indices = indexParts(*e.index, at->ndim(), newAxis);
  unsigned slices = 0, newAxes = 0;
  // Whether a view of a C-contiguous array is C-contiguous too: integers
  // (which drop dimensions) and then, from the first slice on, that slice
  // of step 1 and dimensions kept whole (a[i], a[1:3], a[i, 2:5], a[1:3, :];
  // not a[::2], a[:, 1:3] or a[1:3, 0]). numba's rule, which also keeps
  // a[1:3, :] layout A, is stricter.
  bool sliced = false, contiguous = true;
  for (const Expr *x : indices) {
    if (x && newAxis(x)) {
      ++newAxes;
      continue;
    }
    if (!x) { // a dimension an Ellipsis keeps whole
      ++slices;
      sliced = true;
      continue;
    }
    if (auto *sl = dyn_cast<SliceExpr>(x)) {
      ++slices;
      result.exprs[x] = ExprInfo{ctx.none()};
      for (const ExprPtr *part : {&sl->lower, &sl->upper, &sl->step}) {
        if (!*part)
          continue;
        ExprInfo pi = expr(**part);
        if (!pi.type)
          return {};
        if (!isIntegral(pi.type) && !isa<NoneType>(pi.type)) {
          error((*part)->range(), "slice bounds must be integers, not " + typeName(pi.type));
          return {};
        }
        if (part == &sl->step && pi.constant && pi.constant->kind == GlobalValue::Kind::Int &&
            pi.constant->i == 0) {
          error((*part)->range(), "slice step cannot be zero");
          return {};
        }
      }
      auto absent = [&](const ExprPtr &part) {
        return !part || isa<NoneType>(result.exprs[part.get()].type);
      };
      const ExprInfo *st = absent(sl->step) ? nullptr : &result.exprs[sl->step.get()];
      bool unit = !st || (st->constant && st->constant->kind == GlobalValue::Kind::Int &&
                          st->constant->i == 1);
      bool whole = unit && absent(sl->lower) && absent(sl->upper);
      contiguous &= sliced ? whole : unit;
      sliced = true;
      continue;
    }
    auto typed = result.exprs.find(x); // (a name or attribute: typed by newAxis)
    ExprInfo xi = typed != result.exprs.end() ? typed->second : expr(*x);
    if (!xi.type)
      return {};
    if (isa<SliceType>(xi.type)) { // a slice object: as the slice written (its step unknown)
      ++slices;
      contiguous = false;
      sliced = true;
      continue;
    }
    contiguous &= !sliced; // an integer after a slice: a strided view (a[1:3, 0])
    if (auto *tt = dyn_cast<TupleType>(xi.type); tt && tt->className() == "Dim3") {
      // a[cuda.threadIdx] (or i = cuda.threadIdx; a[i]): said "too many
      // indices for a 1-d array: 3".
      error(x->range(), "an array index must be an integer, not " + typeName(xi.type) +
                            "; cuda.grid(1) is the thread's index in the grid");
      return {};
    }
    if (isa<TupleType>(xi.type) && indices.size() == 1)
      return tupleIndex(at, cast<TupleType>(xi.type), x->range(), e.index->range());
    // A bool is NumPy's mask, not an index (numba refuses it too).
    auto *zeroDBool = dyn_cast<ArrayType>(xi.type);
    if (isa<BoolType>(xi.type) || (zeroDBool && zeroDBool->ndim() == 0 &&
                                   isa<BoolType>(zeroDBool->dtype()))) {
      error(x->range(), "a bool is not an array index (NumPy reads it as a mask); index with "
                        "int(...) of it");
      return {};
    }
    // A 0-d integer array is its element (numba: "0-d array used as integer index").
    auto *zeroD = dyn_cast<ArrayType>(xi.type);
    if (!isIntegral(xi.type) && !(zeroD && zeroD->ndim() == 0 && isIntegral(zeroD->dtype()))) {
      error(x->range(), "array index must be an integer, not " + typeName(xi.type));
      // `j = math.floor(i * 0.5)`, then a[j]: where j became a float.
      if (auto *n = dyn_cast<NameExpr>(x); n && reporting && isa<FloatType>(xi.type)) {
        auto origin = typeOrigin.find(n->name);
        if (origin != typeOrigin.end() && localNames.count(n->name) &&
            !parameterNames.count(n->name))
          diags.note(origin->second, "'" + sourceName(n->name) + "' is " + typeName(xi.type) +
                                         " because of this assignment (in kernels math.floor, "
                                         "math.ceil and / give floats, as in numba-cuda: "
                                         "int(...) or // give an integer)");
      }
      return {};
    }
  }
  size_t indexed = indices.size() - newAxes; // the dimensions of `a` the index reads
  if (indexed > at->ndim()) {
    error(e.index->range(), "too many indices for a " + llvm::Twine(at->ndim()) + "-d array: " +
                                llvm::Twine(indexed));
    return {};
  }
  if (slices == 0 && newAxes == 0 && indices.size() == at->ndim())
    return ExprInfo{elementType(at)};
  if (newAxes) { // layout A: the new dimensions' strides are 0
    unsigned ndim = slices + newAxes + static_cast<unsigned>(at->ndim() - indexed);
    if (ndim > 32) {
      error(e.index->range(), "an array view of more than 32 dimensions is not supported");
      return {};
    }
    return ExprInfo{ctx.array(at->dtype(), ndim, Layout::A, at->readonly())};
  }
  // A view: one dimension per slice and per dimension not indexed.
  unsigned ndim = slices + static_cast<unsigned>(at->ndim() - indices.size());
  contiguous &= at->layout() == Layout::C;
  return ExprInfo{ctx.array(at->dtype(), ndim, contiguous ? Layout::C : Layout::A, at->readonly())};
}


std::optional<ExprInfo> Inferer::tupleOperator(BinaryOp op, const ExprInfo &l,
                                               const ExprInfo &r, SourceRange at) {
  if (isVectorTuple(l.type) || isVectorTuple(r.type)) {
    // numba-cuda's vector types have no operators (and are not tuples to
    // it): v + w is no concatenation but an error there.
    const ExprInfo &v = isVectorTuple(l.type) ? l : r;
    std::string name = cast<TupleType>(v.type)->className().str();
    error(at, std::string("CUDA vector types have no arithmetic in kernels (numba-cuda defines ") +
                  "no " + binaryOpSpelling(op) + " for " + name +
                  "): compute the components, e.g. " + name + "(v.x + w.x, ...)");
    return ExprInfo{};
  }
  if (op == BinaryOp::Mul && (isa<TupleType>(l.type) || isa<TupleType>(r.type)) &&
      !(isa<TupleType>(l.type) && isa<TupleType>(r.type))) {
    // Repetition: (0,) * 3 is (0, 0, 0), by a constant count.
    const ExprInfo &t = isa<TupleType>(l.type) ? l : r, &n = isa<TupleType>(l.type) ? r : l;
    if (!n.constant || n.constant->kind != GlobalValue::Kind::Int) {
      error(at, "a tuple is repeated by a constant integer (t * 3)");
      return ExprInfo{};
    }
    int64_t count = std::max<int64_t>(n.constant->i, 0); // Python: a negative count is 0
    int64_t size = static_cast<int64_t>(cast<TupleType>(t.type)->size());
    if (size && count > 4096 / size) {
      error(at, "a tuple of more than 4096 elements is not supported in kernels");
      return ExprInfo{};
    }
    std::vector<Type *> elems;
    for (int64_t k = 0; k < count; ++k)
      llvm::append_range(elems, cast<TupleType>(t.type)->elements());
    return ExprInfo{ctx.tuple(elems)};
  }
  if (op == BinaryOp::Add && isa<TupleType>(l.type) && isa<TupleType>(r.type)) {
    // Concatenation: (1, 2) + (3,) is (1, 2, 3).
    std::vector<Type *> elems(cast<TupleType>(l.type)->elements().begin(),
                              cast<TupleType>(l.type)->elements().end());
    for (Type *t : cast<TupleType>(r.type)->elements())
      elems.push_back(t);
    return ExprInfo{ctx.tuple(elems)};
  }
  return std::nullopt;
}

std::optional<ExprInfo> Inferer::stringOperator(const BinaryExpr &e, const ExprInfo &l,
                                                const ExprInfo &r) {
  // "a" + "b" and "ab" * 3 of string constants: the string, as CPython's
  // compiler folds them before numba reads the bytecode (its kernels have
  // no run-time strings).
  bool ls = l.constant && l.constant->isString(), rs = r.constant && r.constant->isString();
  if (!ls && !rs)
    return std::nullopt;
  auto text = [](const GlobalValue &g) { return g.dtype == "bytes"; };
  if (e.op == BinaryOp::Add && ls && rs && text(*l.constant) == text(*r.constant)) {
    GlobalValue v = GlobalValue::ofString(l.constant->data + r.constant->data);
    v.dtype = l.constant->dtype;
    return constant(v);
  }
  const ExprInfo &s = ls ? l : r, &n = ls ? r : l;
  if (e.op == BinaryOp::Mul && !(ls && rs) && n.constant &&
      (n.constant->kind == GlobalValue::Kind::Int || n.constant->kind == GlobalValue::Kind::Bool)) {
    int64_t times = std::max<int64_t>(n.constant->i, 0);
    if (static_cast<uint64_t>(times) * s.constant->data.size() > (1u << 20)) {
      error(e.range(), "this string constant is longer than 1 MiB");
      return ExprInfo{};
    }
    std::string out;
    for (int64_t k = 0; k < times; ++k)
      out += s.constant->data;
    GlobalValue v = GlobalValue::ofString(std::move(out));
    v.dtype = s.constant->dtype;
    return constant(v);
  }
  return std::nullopt;
}

bool Inferer::explicitFloat64(const Expr &x) {
  if (auto *call = dyn_cast<CallExpr>(&x)) {
    auto *fn = llvm::dyn_cast_or_null<BuiltinType>(result.exprs[call->callee.get()].type);
    return fn && (fn->path() == "float" || fn->path() == "dtype.float64");
  }
  if (result.exprs[&x].type != ctx.float64())
    return false;
  if (auto *n = dyn_cast<NameExpr>(&x)) { // y = np.float64(v), every assignment such
    auto it = float64ByName.find(n->name);
    return it != float64ByName.end() && it->second;
  }
  if (auto *sx = dyn_cast<SubscriptExpr>(&x)) // l[0] of a float64 array made in the kernel
    if (auto *at = llvm::dyn_cast_or_null<ArrayType>(result.exprs[sx->value.get()].type))
      return at->dtype() == ctx.float64(); // (the kernel's own arrays are all float32)
  if (auto *bx = dyn_cast<BinaryExpr>(&x))
    return explicitFloat64Operands(*bx->lhs, *bx->rhs);
  if (auto *ix = dyn_cast<IfExpExpr>(&x)) // np.float64(p) if c else np.float64(q)
    return explicitFloat64Operands(*ix->body, *ix->orelse);
  if (auto *ux = dyn_cast<UnaryExpr>(&x))
    return explicitFloat64(*ux->operand);
  return false;
}

bool Inferer::explicitFloat64Operands(const Expr &lhs, const Expr &rhs) {
  auto wide = [&](const Expr &o) { // float64 not asked for (a weak literal is not)
    const ExprInfo &oi = result.exprs[&o];
    return oi.type == ctx.float64() && !oi.weak && !explicitFloat64(o);
  };
  return (explicitFloat64(lhs) || explicitFloat64(rhs)) && !wide(lhs) && !wide(rhs);
}

void Inferer::warnFloat64Arithmetic(SourceRange at, BinaryOp op, const Expr &lhs,
                                    const ExprInfo &l, const Expr &rhs, const ExprInfo &r,
                                    Type *t) {
  if (!reporting || !warnFloat64 || warnedFloat64 || convertingToInt || t != ctx.float64() ||
      (l.weak && r.weak) || explicitFloat64Operands(lhs, rhs))
    return;
  warnedFloat64 = true;
  // The operand that makes it float64: a float64 one (neither a weak
  // literal nor asked for by name), else an integer (an integer with a
  // float: float64, as in NumPy), else the one that is not float32.
  auto strong = [&](const Expr &x, const ExprInfo &i) {
    return !i.weak && i.type == ctx.float64() && !explicitFloat64(x);
  };
  auto integer = [](const ExprInfo &i) {
    return !i.weak && llvm::isa_and_nonnull<IntType, BoolType>(i.type);
  };
  bool lhsWide = strong(lhs, l) ||
                 (!strong(rhs, r) &&
                  (integer(l) || (!integer(r) && !l.weak && l.type != ctx.float32() &&
                                  !explicitFloat64(lhs))));
  const Expr &culprit = lhsWide ? lhs : rhs;
  std::string where = isKernel ? std::string("a kernel")
                               : "device function '" + def.name + "', called from a kernel";
  diags.warning(at, llvm::Twine("float64 arithmetic in ") + where +
                        " whose arrays are all float32 (" + typeName(l.type) + " " +
                        binaryOpSpelling(op) + " " + typeName(r.type) +
                        " gives float64); float64 is much slower on most GPUs",
                "PerformanceWarning");
  const ExprInfo &ci = lhsWide ? l : r;
  if (llvm::isa_and_nonnull<IntType>(ci.type))
    diags.note(culprit.range(),
               "this " + typeName(ci.type) +
                   " operand makes it float64 (an integer and a float give float64, as in "
                   "NumPy); use np.float32(...) around it to stay in float32");
  else
    diags.note(culprit.range(), "this operand makes it float64; use np.float32(...) to stay "
                                "in float32");
}

void Inferer::warnNoEffect(const Expr &e, const ExprInfo &info) {
  // numba compiles these statements and does nothing for them; each is
  // almost always a slip: a barrier that is never reached, a store that
  // is never made.
  if (!reporting || !info.type)
    return;
  if (isa<BuiltinType>(info.type)) {
    llvm::StringRef text = diags.currentFile().rangeText(e.range());
    if (text.empty())
      text = "the function";
    diags.warning(e.range(), llvm::Twine("this statement has no effect: ") + text +
                                 " is a function that is not called; write " + text +
                                 "() to call it");
    return;
  }
  // `a[i] == x` (or `a[i] == b[i] == x`) meant as `=`; not when an operand
  // is a call, which has its effect (`cuda.atomic.add(a, 0, 1) == 0`).
  auto *c = dyn_cast<CompareExpr>(&e);
  if (c && llvm::all_of(c->ops, [](CompareOp op) { return op == CompareOp::Eq; }) &&
      llvm::none_of(c->operands, [](const ExprPtr &x) { return isa<CallExpr>(*x); }))
    diags.warning(e.range(), "this statement has no effect: '==' compares and the result is "
                             "dropped; write '=' to assign");
}

void Inferer::readOnlyError(SourceRange at, Type *array, const Expr &arrayExpr) {
  error(at, "cannot write to a read-only array (" + typeName(array) + ")");
  noteGlobalArray(arrayExpr);
}

void Inferer::noteGlobalArray(const Expr &array) {
  auto *n = dyn_cast<NameExpr>(&array);
  if (!reporting || !n || localNames.count(n->name) || parameterNames.count(n->name))
    return;
  std::string name = sourceName(n->name).str();
  diags.note(array.range(), "'" + name + "' is a global array: a kernel holds it as a constant, "
                            "copied when the kernel compiles and read-only (numba's); pass it "
                            "as an argument to write to it");
}

void Inferer::noteOperands(const Expr &lhs, const Expr &rhs) {
  notePartialIndex(lhs);
  notePartialIndex(rhs);
  if (!reporting)
    return;
  // `out = a + b`, `a[a < 0] = 0`: NumPy's whole-array expressions, which
  // kernels do not have. Said once, at the first array parameter.
  for (const Expr *side : {&lhs, &rhs}) {
    auto *n = dyn_cast<NameExpr>(side);
    auto typed = n ? result.exprs.find(n) : result.exprs.end();
    if (!n || !parameterNames.count(n->name) || typed == result.exprs.end() ||
        !llvm::isa_and_nonnull<ArrayType>(typed->second.type))
      continue;
    std::string name = sourceName(n->name).str();
    diags.note(side->range(), "'" + name + "' is a whole array: a kernel computes on its "
                              "elements, each thread its own (i = cuda.grid(1), then " + name +
                              "[i]), not on whole arrays as NumPy does");
    return;
  }
}

void Inferer::notePartialIndex(const Expr &operand) {
  if (!reporting)
    return;
  if (auto *n = dyn_cast<NameExpr>(&operand)) {
    // `v = m[i]` earlier, then `v + 1.0`: where the local became an array.
    auto origin = typeOrigin.find(n->name);
    auto typed = result.exprs.find(n);
    if (localNames.count(n->name) && !parameterNames.count(n->name) &&
        origin != typeOrigin.end() &&
        typed != result.exprs.end() && typed->second.type &&
        isa<ArrayType>(typed->second.type))
      diags.note(origin->second, "'" + sourceName(n->name) + "' is " +
                                     aTypeName(typed->second.type) +
                                     " because of this assignment");
    return;
  }
  auto *s = dyn_cast<SubscriptExpr>(&operand);
  if (!s)
    return;
  auto got = result.exprs.find(s), base = result.exprs.find(s->value.get());
  if (got == result.exprs.end() || base == result.exprs.end())
    return;
  auto *view = llvm::dyn_cast_or_null<ArrayType>(got->second.type);
  auto *array = llvm::dyn_cast_or_null<ArrayType>(base->second.type);
  if (!view || !array || view->ndim() >= array->ndim())
    return;
  // Integers only: `m[i]` of a 2-d m (a slice, `m[1:3]`, is meant as a view).
  auto *t = dyn_cast<TupleExpr>(s->index.get());
  size_t indices = t ? t->elts.size() : 1;
  if (t ? llvm::any_of(t->elts, [](const ExprPtr &x) { return !isa<NameExpr, IntLitExpr,
                                                                  BinaryExpr, AttributeExpr>(*x); })
        : !isa<NameExpr, IntLitExpr, BinaryExpr, AttributeExpr>(*s->index))
    return;
  diags.note(s->range(), "this indexes " + llvm::Twine(indices) + " of the array's " +
                             llvm::Twine(array->ndim()) + " dimensions, so it is " +
                             aTypeName(view) + ", not an element: index every dimension for "
                             "an element (a[i, j])");
}

ExprInfo Inferer::binary(const BinaryExpr &e) {
  ExprInfo l = expr(*e.lhs);
  ExprInfo r = expr(*e.rhs);
  if (!l.type || !r.type)
    return {};
  if (std::optional<ExprInfo> t = tupleOperator(e.op, l, r, e.range()))
    return *t;
  if (std::optional<ExprInfo> t = stringOperator(e, l, r))
    return *t;
  if (isa<DatetimeType>(l.type) || isa<DatetimeType>(r.type)) {
    Type *t = datetimeBinaryResult(ctx, e.op, l.type, r.type);
    auto *ld = dyn_cast<DatetimeType>(l.type), *rd = dyn_cast<DatetimeType>(r.type);
    if (!t)
      error(e.range(), llvm::Twine("unsupported operand types for ") + binaryOpSpelling(e.op) +
                           ": " + typeName(l.type) + " and " + typeName(r.type) +
                           (ld && rd && commonUnit(ld->unit(), rd->unit()).empty()
                                ? " (units " + ld->unit().str() + " and " + rd->unit().str() +
                                      " do not convert: years and months pair only with "
                                      "each other)"
                                : std::string()));
    return t ? ExprInfo{t} : ExprInfo{};
  }
  Type *t = binaryResultType(ctx, e.op, operandOf(l), operandOf(r));
  if (!t) {
    error(e.range(), llvm::Twine("unsupported operand types for ") + binaryOpSpelling(e.op) +
                         ": " + typeName(l.type) + " and " + typeName(r.type) +
                         (e.op == BinaryOp::Mod && isTextType(l.type) ? kNoFormattingHint
                                                                      : ""));
    noteOperands(*e.lhs, *e.rhs);
    return {};
  }
  if (l.constant && r.constant)
    return foldConstant(e, l, r, t);
  if (reporting && e.op == BinaryOp::Pow && isIntegral(t) && r.constant &&
      r.constant->kind == GlobalValue::Kind::Int && r.constant->i < 0)
    // Python gives a float (2 ** -1 is 0.5); numba-cuda an integer.
    diags.warning(e.range(), "an integer to a negative power is an integer in kernels, as in "
                             "numba-cuda: 0 for a base other than 1 or -1 (and not defined "
                             "for 0); write float(x) ** " + llvm::Twine(r.constant->i) +
                             " for the fraction Python gives");
  warnFloat64Arithmetic(e.range(), e.op, *e.lhs, l, *e.rhs, r, t);
  return ExprInfo{t, l.weak && r.weak};
}


// The iterable a call builds when it is one a `for` loop takes apart:
// "range", "enumerate", "zip" (or a global bound to range: numba.prange,
// which numba lowers as range in CUDA kernels), "numpy.ndindex",
// "numpy.ndenumerate" or "numpy.nditer"; else empty. Types the callee of
// np.ndindex(...).
std::string Inferer::loopBuiltin(const Expr &e) {
  auto *call = dyn_cast<CallExpr>(&e);
  if (!call)
    return "";
  auto loopFunction = [](llvm::StringRef name) {
    return name == "range" || name == "numpy.ndindex" || name == "numpy.ndenumerate" ||
           name == "numpy.nditer";
  };
  bool starred = llvm::any_of(call->args, [](const ExprPtr &a) { return isa<StarredExpr>(*a); });
  if (auto *n = dyn_cast<NameExpr>(call->callee.get())) {
    if (localNames.count(n->name))
      return "";
    const GlobalValue *g = globals.lookup(n->name);
    std::string name = !g && (n->name == "range" || n->name == "enumerate" ||
                              n->name == "zip")
                           ? n->name
                       : g && g->kind == GlobalValue::Kind::Function && loopFunction(g->name)
                           ? g->name
                           : "";
    // range(*t) (prange(*t)): a range object (starCall), iterated as one.
    return starred && name == "range" ? "" : name;
  }
  auto *a = dyn_cast<AttributeExpr>(call->callee.get());
  if (!a || (a->attr != "ndindex" && a->attr != "ndenumerate" && a->attr != "nditer" &&
             a->attr != "prange")) // (numba.prange: range)
    return "";
  auto *bt = llvm::dyn_cast_or_null<BuiltinType>(expr(*a).type);
  std::string name = bt && loopFunction(bt->path()) ? bt->path().str() : "";
  return starred && name == "range" ? "" : name;
}

// range(stop), range(start, stop[, step]) of integers: its numbers' type,
// int64 (uint64 where rangeIsUnsigned). Null after an error or while
// pending. For a loop, len(range(..)) and `x in range(..)`.
Type *Inferer::rangeElementType(const CallExpr &call) {
  result.exprs[call.callee.get()] = ExprInfo{ctx.builtin("range")};
  result.exprs[&call] = ExprInfo{ctx.none()};
  if (!call.keywords.empty()) {
    error(call.keywords.front().range, "range() keyword arguments are not supported in kernels");
    return nullptr;
  }
  if (call.args.empty() || call.args.size() > 3) {
    error(call.range(), "range() takes 1 to 3 positional arguments");
    return nullptr;
  }
  bool pending = false;
  std::vector<ExprInfo> infos;
  llvm::SaveAndRestore<bool> toInt(convertingToInt, true); // (bounds: whole numbers)
  for (const ExprPtr &a : call.args) {
    ExprInfo ai = expr(*a);
    // A float converts to int64, truncated, as numba-cuda's range converts
    // it (range(math.ceil(n / 2)): math.ceil gives a float there).
    if (ai.type && !isIntegral(ai.type) && !isa<FloatType>(ai.type)) {
      error(a->range(), "range() arguments must be integers (or floats, which are truncated), "
                        "not " + typeName(ai.type));
      return nullptr;
    }
    pending |= !ai.type;
    infos.push_back(ai);
  }
  if (call.args.size() == 3) {
    const ExprInfo &st = result.exprs[call.args[2].get()];
    if (st.constant && ((st.constant->kind == GlobalValue::Kind::Int && st.constant->i == 0) ||
                        (st.constant->kind == GlobalValue::Kind::Float &&
                         std::trunc(st.constant->f) == 0))) {
      bool fraction = st.constant->kind == GlobalValue::Kind::Float && st.constant->f != 0;
      error(call.args[2]->range(),
            fraction ? "range() step must not be zero: a float step is truncated to an "
                       "integer, and this one to 0 (range() counts in integers; for a "
                       "fractional step loop over integers and scale: x = lo + k * step)"
                     : "range() step must not be zero");
      return nullptr;
    }
  }
  std::vector<const ExprInfo *> argInfos;
  for (const ExprInfo &ai : infos)
    argInfos.push_back(&ai);
  if (pending)
    return nullptr;
  return rangeIsUnsigned(ctx, argInfos) ? ctx.uint64() : ctx.int64();
}

// np.ndindex(d0, d1, ...) or np.ndindex(shape): a tuple of as many int64
// indices as extents (NumPy's; np.ndindex() gives () once).
Type *Inferer::ndindexType(const CallExpr &call) {
  // Each argument an integer, or a tuple of them: the only one, or spread
  // (np.ndindex(*a.shape)).
  size_t n = 0;
  bool pending = false;
  for (const ExprPtr &a : call.args) {
    auto *starred = dyn_cast<StarredExpr>(a.get());
    const Expr &x = starred ? *starred->value : *a;
    ExprInfo xi = expr(x);
    if (starred)
      result.exprs[a.get()] = xi;
    if (!xi.type) {
      pending = true;
      continue;
    }
    auto *tt = dyn_cast<TupleType>(xi.type);
    bool ok = tt ? (call.args.size() == 1 || starred) &&
                       llvm::all_of(tt->elements(), [&](Type *t) { return isIntegral(t); })
                 : isIntegral(xi.type) && !starred;
    if (!ok) {
      error(x.range(), "np.ndindex() takes integer extents, or one tuple of them, not " +
                           typeName(xi.type));
      return nullptr;
    }
    n += tt ? tt->size() : 1;
  }
  return pending ? nullptr : ctx.tuple(std::vector<Type *>(n, ctx.int64()));
}

// The type a `for` target takes from `iter`: range(...) gives int64,
// enumerate(X[, start]) (int64, elem X), zip(X, Y, ..) (elem X, elem Y, ..),
// a 1-d array its dtype, and (top level only) a tuple the unification of its
// elements (the loop is unrolled). Null after an error or while pending.
Type *Inferer::iterElementType(const Expr &iter) {
  auto *call = dyn_cast<CallExpr>(&iter);
  std::string builtinName = loopBuiltin(iter);
  auto isBuiltin = [&](const char *name) { return builtinName == name; };
  if (!builtinName.empty()) {
    result.exprs[call->callee.get()] = ExprInfo{ctx.builtin(builtinName)};
    result.exprs[call] = ExprInfo{ctx.none()};
    if (!call->keywords.empty()) {
      error(call->keywords.front().range, spelledName(*call->callee) +
                                              "() keyword arguments are not supported in kernels");
      return nullptr;
    }
  }
  if (isBuiltin("numpy.ndindex"))
    return ndindexType(*call);
  if (isBuiltin("numpy.ndenumerate") || isBuiltin("numpy.nditer")) {
    // np.ndenumerate(a): (index tuple, element) in C order; np.nditer(a):
    // each element as a 0-d view (numba's, of one array: x[()] reads it,
    // x[()] = v writes it).
    std::string spelled = "np." + builtinName.substr(6) + "()";
    if (call->args.size() != 1) {
      error(call->range(), spelled + " takes one array in kernels");
      return nullptr;
    }
    ExprInfo ai = expr(*call->args[0]);
    if (!ai.type)
      return nullptr;
    auto *at = dyn_cast<ArrayType>(ai.type);
    if (!at || at->isPointer()) {
      error(call->args[0]->range(), spelled + " takes an array, not " + typeName(ai.type));
      return nullptr;
    }
    if (isBuiltin("numpy.nditer"))
      return ctx.array(at->dtype(), 0, Layout::C, at->readonly());
    return ctx.tuple({ctx.tuple(std::vector<Type *>(at->ndim(), ctx.int64())), elementType(at)});
  }
  if (isBuiltin("range"))
    return rangeElementType(*call);
  // An argument of enumerate() or zip(), typed once: a tuple (or a zip() of
  // tuples: its iterations' tuple), or else its element type. ok: no error.
  struct IterArg {
    TupleType *tuple = nullptr;
    Type *element = nullptr;
    bool ok = false;
  };
  auto iterArg = [&](const Expr &a) {
    IterArg r;
    if (!loopBuiltin(a).empty()) {
      r.element = iterElementType(a);
      r.tuple = llvm::dyn_cast_or_null<TupleType>(result.exprs[&a].type); // zip() of tuples
      r.ok = r.element || r.tuple;
      return r;
    }
    ExprInfo ai = expr(a);
    if (!ai.type)
      return r;
    r.tuple = dyn_cast<TupleType>(ai.type);
    r.element = r.tuple ? nullptr : iterableElement(a, ai);
    r.ok = r.tuple || r.element;
    return r;
  };
  // enumerate(t) and zip(t1, t2, ...) of tuples (numba's): unrolled, as a loop
  // over the tuple of each iteration's values ((k, t[k]) or (t1[k], t2[k])),
  // the type recorded for the call (IRGen::unrolledFor).
  auto tupleLoop = [&](bool enumerate, llvm::ArrayRef<TupleType *> tuples) -> Type * {
    size_t n = SIZE_MAX;
    for (TupleType *t : tuples)
      n = std::min(n, t->size());
    std::vector<Type *> iterations;
    Type *u = nullptr;
    for (size_t k = 0; k < n; ++k) {
      std::vector<Type *> parts;
      if (enumerate)
        parts.push_back(ctx.int64());
      for (TupleType *t : tuples) // (a str: the variable holds one of the strings)
        parts.push_back(isTextType(t->elements()[k]) ? ctx.builtin("str.runtime")
                                                     : t->elements()[k]);
      iterations.push_back(ctx.tuple(parts));
      u = unifyTypes(ctx, u, iterations.back());
      std::function<bool(Type *)> held = [&](Type *t) {
        if (auto *tt = llvm::dyn_cast_or_null<TupleType>(t))
          return llvm::all_of(tt->elements(), held);
        return t && (isValueType(t) || isRuntimeStr(t));
      };
      if (!held(u)) {
        error(iter.range(), "a 'for' loop over " + std::string(enumerate ? "enumerate" : "zip") +
                                "() of tuples needs elements that unify at each position "
                                "(numbers, tuples of one length, arrays of one type)");
        return nullptr;
      }
    }
    result.exprs[call] = ExprInfo{ctx.tuple(iterations)};
    emptyTupleLoop = !u;
    return u;
  };
  if (isBuiltin("enumerate")) {
    if (call->args.empty() || call->args.size() > 2) {
      error(call->range(), "enumerate() takes an iterable and an optional start");
      return nullptr;
    }
    IterArg inner = iterArg(*call->args[0]);
    if (call->args.size() == 2) {
      ExprInfo st = expr(*call->args[1]);
      if (st.type && !isIntegral(st.type)) {
        error(call->args[1]->range(), "enumerate() start must be an integer");
        return nullptr;
      }
    }
    if (inner.tuple)
      return tupleLoop(true, {inner.tuple});
    return inner.element ? ctx.tuple({ctx.int64(), inner.element}) : nullptr;
  }
  if (isBuiltin("zip")) {
    if (call->args.empty()) { // zip() (zip(*()) too): no iteration, as in Python
      result.exprs[call] = ExprInfo{ctx.tuple({})};
      emptyTupleLoop = true;
      return nullptr;
    }
    std::vector<IterArg> args;
    for (const ExprPtr &a : call->args) {
      args.push_back(iterArg(*a));
      if (!args.back().ok)
        return nullptr;
    }
    if (llvm::all_of(args, [](const IterArg &a) { return a.tuple != nullptr; })) {
      std::vector<TupleType *> tuples;
      for (const IterArg &a : args)
        tuples.push_back(a.tuple);
      return tupleLoop(false, tuples);
    }
    std::vector<Type *> elems;
    for (size_t i = 0; i < args.size(); ++i) {
      if (args[i].tuple) {
        error(call->args[i]->range(), "a tuple inside zip() with ranges or arrays is not "
                                      "supported in kernels (zip() of tuples only, or of ranges "
                                      "and arrays only)");
        return nullptr;
      }
      elems.push_back(args[i].element);
    }
    return ctx.tuple(elems);
  }
  ExprInfo it = expr(iter);
  if (auto *itt = llvm::dyn_cast_or_null<IteratorType>(it.type)) // for v in iter(a)
    return itt->element();
  return iterableElement(iter, it);
}

Type *Inferer::iterableElement(const Expr &iter, const ExprInfo &it) {
  if (!it.type)
    return nullptr;
  if (auto *at = dyn_cast<ArrayType>(it.type)) {
    if (at->isPointer()) {
      error(iter.range(), "iteration over a pointer (" + typeName(at) + "): it has no length; "
                          "carray(p, shape) views it as an array");
      return nullptr;
    }
    if (at->ndim() == 0) { // NumPy: TypeError: iteration over a 0-d array
      error(iter.range(), "iteration over a 0-d array (read its element with [()])");
      return nullptr;
    }
    return firstAxisElement(ctx, at); // an n-d array's views a[0], a[1], ... (as NumPy iterates)
  }
  if (auto *rt = dyn_cast<RangeType>(it.type)) // for i in r, of a range object
    return rt->element();
  if (auto *ft = dyn_cast<FlatIterType>(it.type)) // (a C-contiguous array's a.flat: a 1-d view)
    return elementType(ft->array());
  if (auto *tt = dyn_cast<TupleType>(it.type)) {
    if (tt->size() > 0 && llvm::all_of(tt->elements(), [](Type *e) { return isTextType(e); }))
      return ctx.builtin("str.runtime"); // ("add", "mul"): the variable holds one of them
    Type *u = nullptr;
    for (Type *e : tt->elements()) {
      u = unifyTypes(ctx, u, e);
      // (the body runs once per element: range, slice, flat and iterator
      // objects of one type are held as a variable holds them)
      if (!u || !(isValueType(u) || isObjectValue(u))) {
        error(iter.range(), "a 'for' loop over a tuple needs elements that unify (numbers, "
                            "tuples of one length, arrays of one type), got " +
                                typeName(it.type) +
                                " (literal_unroll(t) compiles the body once per element, "
                                "each of its own type)");
        return nullptr;
      }
    }
    emptyTupleLoop = !u;
    return u;
  }
  if (isa<IteratorType>(it.type)) {
    error(iter.range(), "an iterator made by iter() inside enumerate() or zip() is not "
                        "supported in kernels (loop over it alone, or call next())");
    return nullptr;
  }
  error(iter.range(), "a 'for' loop over a value of type " + typeName(it.type) +
                          " is not supported in kernels (range, enumerate, zip, a 1-d array or a "
                          "tuple are)");
  return nullptr;
}

// Folds an operator on two constants, with Python's semantics, when the
// result type is int64 or float64 (the weak types); otherwise, or where
// Python would raise (division by zero, negative integer power), it leaves
// the operation to run time.
ExprInfo Inferer::foldConstant(const BinaryExpr &e, const ExprInfo &l, const ExprInfo &r,
                               Type *t) {
  ExprInfo out{t, l.weak && r.weak};
  out.fromLocal = l.fromLocal || r.fromLocal;
  auto asInt = [](const GlobalValue &g) { return g.i; };
  bool ints = l.constant->kind != GlobalValue::Kind::Float &&
              r.constant->kind != GlobalValue::Kind::Float;
  if (ints && t == ctx.int64()) {
    uint64_t a = static_cast<uint64_t>(asInt(*l.constant));
    int64_t sa = asInt(*l.constant), sb = asInt(*r.constant);
    std::optional<int64_t> v;
    int64_t res;
    bool overflow = false, negativeShift = false;
    // + - *: in int64 on the bits (a uint64 from 2**63 up is negative there,
    // numba's), an overflow only where that overflows and the operands' own
    // values give no int64 either (np.uint64(2**63) - 1 is 2**63 - 1, which the
    // wrapping bits give too; UINT64_MAX - 1 is -2 in int64, as numba's).
    auto exact = [](const GlobalValue &g) {
      return g.dtype == "uint64" ? static_cast<__int128>(static_cast<uint64_t>(g.i))
                                 : static_cast<__int128>(g.i);
    };
    auto fitsExactly = [](__int128 x) { return x >= INT64_MIN && x <= INT64_MAX; };
    __int128 wide = 0;
    bool wideOverflow = false;
    switch (e.op) {
    case BinaryOp::Add:
      overflow = __builtin_add_overflow(sa, sb, &res);
      wide = exact(*l.constant) + exact(*r.constant);
      v = res;
      break;
    case BinaryOp::Sub:
      overflow = __builtin_sub_overflow(sa, sb, &res);
      wide = exact(*l.constant) - exact(*r.constant);
      v = res;
      break;
    case BinaryOp::Mul:
      overflow = __builtin_mul_overflow(sa, sb, &res);
      wideOverflow = __builtin_mul_overflow(exact(*l.constant), exact(*r.constant), &wide);
      v = res;
      break;
    case BinaryOp::BitAnd: v = sa & sb; break;
    case BinaryOp::BitOr: v = sa | sb; break;
    case BinaryOp::BitXor: v = sa ^ sb; break;
    case BinaryOp::FloorDiv:
    case BinaryOp::Mod:
      if (sb != 0 && !(sa == INT64_MIN && sb == -1)) {
        int64_t q = sa / sb, m = sa % sb;
        if (m != 0 && ((m < 0) != (sb < 0))) {
          q -= 1;
          m += sb;
        }
        v = e.op == BinaryOp::FloorDiv ? q : m;
      }
      break;
    case BinaryOp::Pow:
      if (sb >= 0) {
        int64_t acc = 1, base = sa;
        bool baseOverflow = false;
        for (int64_t k = sb; k > 0; k >>= 1) {
          if (k & 1)
            overflow |= baseOverflow || __builtin_mul_overflow(acc, base, &acc);
          if (k > 1)
            baseOverflow |= __builtin_mul_overflow(base, base, &base);
        }
        v = acc;
      }
      break;
    case BinaryOp::Shl:
      // Python's exact shift: bits shifted past int64 are an overflow (0
      // shifted any distance stays 0).
      if (sb >= 0 && (sa == 0 || (sb < 64 && (static_cast<int64_t>(a << sb) >> sb) == sa)))
        v = sa == 0 ? 0 : static_cast<int64_t>(a << sb);
      else if (sb >= 0)
        overflow = true;
      else
        negativeShift = true;
      break;
    case BinaryOp::Shr:
      if (sb >= 0)
        v = sb < 64 ? sa >> sb : (sa < 0 ? -1 : 0); // Python's floor shift
      else
        negativeShift = true;
      break;
    default:
      break;
    }
    bool arithmetic = e.op == BinaryOp::Add || e.op == BinaryOp::Sub || e.op == BinaryOp::Mul;
    if (overflow && arithmetic && !wideOverflow && fitsExactly(wide)) {
      overflow = false; // (the wrapped bits are the exact value)
      v = static_cast<int64_t>(wide);
    }
    if (negativeShift && !out.fromLocal) {
      error(e.range(), "negative shift count in this constant expression (Python raises "
                       "ValueError)");
      return {};
    }
    if (overflow && out.fromLocal)
      return out; // numba computes a local's arithmetic at run time: it wraps
    if (overflow) {
      error(e.range(), "this constant expression overflows int64 (Python integers are "
                       "unbounded; kernels compute in 64 bits)");
      return {};
    }
    if (v)
      out.constant = GlobalValue::ofInt(*v);
    return out;
  }
  if (t == ctx.float64()) {
    auto asDouble = [](const GlobalValue &g) {
      return g.kind == GlobalValue::Kind::Float ? g.f : g.intAsDouble();
    };
    double a = asDouble(*l.constant), b = asDouble(*r.constant);
    switch (e.op) {
    case BinaryOp::Add: out.constant = GlobalValue::ofFloat(a + b); break;
    case BinaryOp::Sub: out.constant = GlobalValue::ofFloat(a - b); break;
    case BinaryOp::Mul: out.constant = GlobalValue::ofFloat(a * b); break;
    case BinaryOp::TrueDiv:
      if (b != 0)
        out.constant = GlobalValue::ofFloat(a / b);
      break;
    default:
      break;
    }
  }
  return out;
}

} // namespace pyjit::ir::detail

using detail::Inferer;


std::optional<TypedFunction> pyjit::ir::inferTypes(const FunctionDef &def,
                                                   llvm::ArrayRef<Type *> argTypes,
                                                   const GlobalEnv &globals, TypeContext &ctx,
                                                   DiagnosticEngine &diags,
                                                   DeviceFunctionRegistry *registry,
                                                   bool isKernel,
                                                   llvm::ArrayRef<std::optional<GlobalValue>>
                                                       paramConstants) {
  return Inferer(def, argTypes, globals, ctx, diags, registry, isKernel, paramConstants).run();
}

/// The constant arguments of a call, spelled for the instances' key.
std::string detail::constantsKey(llvm::ArrayRef<std::optional<GlobalValue>> constants) {
  std::function<std::string(const GlobalValue &)> spell = [&](const GlobalValue &v) {
    switch (v.kind) {
    case GlobalValue::Kind::Int:
      return "i" + std::to_string(v.i);
    case GlobalValue::Kind::Bool:
      return std::string(v.i ? "True" : "False");
    case GlobalValue::Kind::Unsupported:
      if (v.isString())
        return "s" + std::to_string(v.data.size()) + ":" + v.data;
      return std::string("?");
    case GlobalValue::Kind::Tuple: {
      std::string s = "(";
      for (const GlobalValue &e : v.elements)
        s += spell(e) + ",";
      return s + ")";
    }
    default:
      return std::string("?");
    }
  };
  std::string key;
  for (const std::optional<GlobalValue> &c : constants)
    key += (c ? spell(*c) : "-") + ";";
  return key;
}

const FunctionDef *DeviceFunctionRegistry::definition(const DeviceFunctionSource &fn,
                                                      DiagnosticEngine &diags) {
  auto it = parsed.find(&fn);
  if (it == parsed.end()) {
    DiagnosticEngine::FileScope scope(diags, *fn.source);
    it = parsed.emplace(&fn, parseSource(*fn.source, diags)).first;
  } else if (!it->second) {
    // It failed before, maybe into a quiet engine (a typing pass that does
    // not report): parse again so that this engine reports why.
    DiagnosticEngine::FileScope scope(diags, *fn.source);
    (void)parseSource(*fn.source, diags);
    return nullptr;
  }
  if (!it->second)
    return nullptr;
  for (const auto &f : it->second->functions)
    if (f->name == fn.name)
      return f.get();
  return nullptr;
}

const FunctionDef *DeviceFunctionRegistry::websFor(const DeviceFunctionSource &fn,
                                                  llvm::ArrayRef<Type *> argTypes,
                                                  DiagnosticEngine &diags) {
  if (!definition(fn, diags)) // reports a parse error once per engine
    return nullptr;
  // What the rewrites before typing depend on: which arguments are None (the
  // webs), and the tuples' lengths (literal_unroll's copies of a loop).
  std::string nones;
  for (Type *t : argTypes)
    if (auto *tt = dyn_cast<TupleType>(t)) {
      nones += 'T'; // (one append at a time: GCC 12 warns falsely on "T" + s + ".")
      nones += std::to_string(tt->size());
      nones += '.';
    } else
      nones += isa<NoneType>(t) ? 'N' : '-';
  auto it = split.find({&fn, nones});
  if (it == split.end()) {
    DiagnosticEngine::FileScope scope(diags, *fn.source);
    std::unique_ptr<Module> module = parseSource(*fn.source, diags);
    if (!module)
      return nullptr;
    for (const auto &f : module->functions) { // numba's SSA versions (as for kernels)
      if (f->name == fn.name)
        unrollLiteralLoops(*f, unrollFacts(*f, argTypes, fn.globals, [&fn] {
                             DiagnosticEngine quiet(*fn.source); // (parsed once already)
                             return parseSource(*fn.source, quiet);
                           }));
      splitVariableWebs(*f, f->name == fn.name ? knownNames(*f, argTypes, fn.globals)
                                               : KnownNames{});
    }
    it = split.emplace(std::make_pair(&fn, nones), std::move(module)).first;
  }
  for (const auto &f : it->second->functions)
    if (f->name == fn.name)
      return f.get();
  return nullptr;
}

// A comparison of two operands known before typing, decided as type
// inference decides it (stringComparison, foldNumberComparison, `is` of
// bools): strings with == and != (equal texts of one kind), integers and
// bools within int64 with any order or equality (exact), bools with `is`;
// none for anything else (floats, uint64 values and other operands are left
// to the inference, which may decide them too).
static std::optional<bool> decidedComparison(const CompareExpr &c, const GlobalEnv &globals,
                                             const std::function<bool(llvm::StringRef)> &isGlobal) {
  auto operand = [&](const Expr &e) -> std::optional<GlobalValue> {
    if (auto *s = dyn_cast<StrLitExpr>(&e)) {
      GlobalValue v = GlobalValue::ofString(s->value);
      if (s->bytes)
        v.dtype = "bytes";
      return v;
    }
    if (auto *i = dyn_cast<IntLitExpr>(&e); i && !i->isUnsigned)
      return GlobalValue::ofInt(i->value);
    if (auto *b = dyn_cast<BoolLitExpr>(&e))
      return GlobalValue::ofBool(b->value);
    auto *n = dyn_cast<NameExpr>(&e);
    const GlobalValue *g = n && isGlobal(n->name) ? globals.lookup(n->name) : nullptr;
    if (!g || !(g->isString() || g->kind == GlobalValue::Kind::Bool ||
                (g->kind == GlobalValue::Kind::Int && g->dtype.empty() && g->name.empty())))
      return std::nullopt; // (a NumPy integer, uint64 or enum member: the inference's rules)
    return *g;
  };
  std::optional<GlobalValue> l = operand(*c.operands[0]), r = operand(*c.operands[1]);
  if (!l || !r)
    return std::nullopt;
  CompareOp op = c.ops[0];
  if (l->isString() || r->isString()) {
    if (!l->isString() || !r->isString() || (op != CompareOp::Eq && op != CompareOp::NotEq))
      return std::nullopt;
    bool same = l->data == r->data && (l->dtype == "bytes") == (r->dtype == "bytes");
    return op == CompareOp::Eq ? same : !same;
  }
  bool bools = l->kind == GlobalValue::Kind::Bool && r->kind == GlobalValue::Kind::Bool;
  if (op == CompareOp::Is || op == CompareOp::IsNot) {
    if (!bools)
      return std::nullopt;
    op = op == CompareOp::Is ? CompareOp::Eq : CompareOp::NotEq;
  }
  return orderedCompare(op, l->i, r->i);
}

KnownNames pyjit::ir::knownNames(const FunctionDef &def, llvm::ArrayRef<Type *> argTypes,
                                 const GlobalEnv &globals) {
  KnownNames known;
  known.isNone = [&def, argTypes, &globals](llvm::StringRef name) -> std::optional<bool> {
    for (size_t i = 0; i < def.params.size(); ++i)
      if (def.params[i].name == name)
        return i < argTypes.size() ? std::optional<bool>(isa<NoneType>(argTypes[i]))
                                   : std::nullopt;
    const GlobalValue *v = globals.lookup(name);
    if (!v)
      return std::nullopt;
    switch (v->kind) {
    case GlobalValue::Kind::None:
      return true;
    case GlobalValue::Kind::Int:
    case GlobalValue::Kind::Float:
    case GlobalValue::Kind::Complex:
    case GlobalValue::Kind::Bool:
    case GlobalValue::Kind::Tuple:
    case GlobalValue::Kind::ConstArray:
    case GlobalValue::Kind::DeviceArray:
      return false;
    default:
      return std::nullopt;
    }
  };
  known.truth = [&globals](llvm::StringRef name) -> std::optional<bool> {
    const GlobalValue *v = globals.lookup(name);
    return v ? v->truth() : std::nullopt;
  };
  known.compare = [&globals](const CompareExpr &c,
                             const std::function<bool(llvm::StringRef)> &isGlobal) {
    return decidedComparison(c, globals, isGlobal);
  };
  return known;
}

ast::UnrollFacts pyjit::ir::unrollFacts(const FunctionDef &def, llvm::ArrayRef<Type *> argTypes,
                                        const GlobalEnv &globals,
                                        std::function<std::unique_ptr<Module>()> reparse) {
  ast::UnrollFacts facts;
  facts.isLiteralUnroll = [&globals](const Expr &callee) {
    if (auto *n = dyn_cast<NameExpr>(&callee)) {
      const GlobalValue *v = globals.lookup(n->name);
      return v && v->kind == GlobalValue::Kind::Function && v->name == "literal_unroll";
    }
    auto *a = dyn_cast<AttributeExpr>(&callee);
    auto *base = a ? dyn_cast<NameExpr>(a->value.get()) : nullptr;
    if (!base || a->attr != "literal_unroll")
      return false;
    const GlobalValue *m = globals.lookup(base->name); // numba.literal_unroll
    return m && (m->kind == GlobalValue::Kind::Module || m->kind == GlobalValue::Kind::Namespace);
  };
  facts.tupleSize = [&def, argTypes, &globals](llvm::StringRef name) -> std::optional<size_t> {
    for (size_t i = 0; i < def.params.size(); ++i)
      if (def.params[i].name == name) {
        auto *tt = i < argTypes.size() ? dyn_cast<TupleType>(argTypes[i]) : nullptr;
        return tt ? std::optional<size_t>(tt->size()) : std::nullopt;
      }
    const GlobalValue *v = globals.lookup(name);
    if (v && v->kind == GlobalValue::Kind::Tuple)
      return v->elements.size();
    return std::nullopt;
  };
  facts.reparse = std::move(reparse);
  return facts;
}

bool DeviceFunctionRegistry::inProgress(const DeviceFunctionSource &fn) const {
  return std::any_of(stack.begin(), stack.end(), [&](const Typing &t) { return t.fn == &fn; });
}

bool DeviceFunctionRegistry::inProgressWith(const DeviceFunctionSource &fn,
                                            llvm::ArrayRef<Type *> argTypes) const {
  return std::any_of(stack.begin(), stack.end(), [&](const Typing &t) {
    return t.fn == &fn && llvm::ArrayRef<Type *>(std::get<1>(t.key)) == argTypes;
  });
}

DeviceFunctionRegistry::InstanceKey
DeviceFunctionRegistry::keyOf(const DeviceFunctionSource &fn, llvm::ArrayRef<Type *> argTypes,
                              llvm::ArrayRef<std::optional<GlobalValue>> argConstants) const {
  std::string constants = detail::constantsKey(argConstants);
  for (Type *t : argTypes) // a closure argument: its environment's types too
    if (auto *bt = dyn_cast<BuiltinType>(t); bt && bt->path().starts_with("nested."))
      if (const Closure *c = closure(bt->path()))
        constants += "|" + c->key;
  return std::make_tuple(&fn, std::vector<Type *>(argTypes.begin(), argTypes.end()), constants);
}

const TypedFunction *DeviceFunctionRegistry::instantiate(const DeviceFunctionSource &fn,
                                                         llvm::ArrayRef<Type *> argTypes,
                                                         DiagnosticEngine &diags,
                                                         SourceRange callSite,
                                                         llvm::ArrayRef<std::optional<GlobalValue>>
                                                             argConstants,
                                                         bool report) {
  InstanceKey key = keyOf(fn, argTypes, argConstants);
  auto it = instances.find(key);
  if (it != instances.end()) {
    if (report)
      replayQuietWarnings(it->second.get(), diags);
    return it->second.get();
  }
  if (!report && failed.count(key))
    return nullptr;
  if (auto d = diverged.find(key); d != diverged.end()) {
    const auto &[site, file, message] = d->second;
    DiagnosticEngine::FileScope scope(diags, *file);
    diags.error(site, message);
    return nullptr;
  }
  const FunctionDef *def = websFor(fn, argTypes, diags);
  if (!def)
    return nullptr;
  size_t diagsBefore = diags.diagnostics().size();
  auto owned = std::make_unique<TypedFunction>();
  TypedFunction *instance = owned.get();
  std::optional<TypedFunction> typed;
  {
    stack.push_back({&fn, key, instance});
    DiagnosticEngine::FileScope scope(diags, *fn.source);
    detail::Inferer inferer(*def, argTypes, fn.globals, ctx, diags, this, /*isKernel=*/false,
                            argConstants);
    stack.back().partial = &inferer.typedSoFar();
    stack.back().returnedNone = &inferer.returnedNoneSoFar();
    typed = inferer.run();
    stack.pop_back();
  }
  // Functions typed meanwhile that call this one (mutual recursion) took
  // its result as the type found then.
  for (auto a = assumptions.begin(); a != assumptions.end();) {
    if (a->callee != instance) {
      ++a;
      continue;
    }
    if (typed && a->assumed != typed->returnType) {
      std::string message = "the return type of recursive device function '" + fn.name +
                            "' does not converge: this call was typed as returning " +
                            a->assumed->str() + ", but it returns " +
                            typed->returnType->str() + " (declare its signature)";
      DiagnosticEngine::FileScope scope(diags, *a->file);
      diags.error(a->site, message);
      diverged[key] = {a->site, a->file, message};
      typed.reset();
    }
    a = assumptions.erase(a);
  }
  if (!typed) {
    failed.insert(key);
    abandoned.push_back(std::move(owned));
    std::string types;
    for (Type *t : argTypes)
      types += (types.empty() ? "" : ", ") + t->str();
    diags.note(callSite, "in the call of device function '" + fn.name + "' with argument types (" +
                             types + ")");
    return nullptr;
  }
  *instance = std::move(*typed);
  instances[key] = std::move(owned);
  if (!report) // its warnings, for the reporting pass
    keepQuietWarnings(instance, diags, diagsBefore);
  return instance;
}

void DeviceFunctionRegistry::keepQuietWarnings(const TypedFunction *fn,
                                               const DiagnosticEngine &quiet, size_t from) {
  std::vector<Diagnostic> kept;
  bool keeping = false;
  for (size_t i = from; i < quiet.diagnostics().size(); ++i) {
    const Diagnostic &d = quiet.diagnostics()[i];
    if (d.severity != Severity::Note)
      keeping = d.severity == Severity::Warning;
    if (keeping)
      kept.push_back(d);
  }
  if (!kept.empty())
    quietWarnings[fn] = std::move(kept);
}

void DeviceFunctionRegistry::replayQuietWarnings(const TypedFunction *fn,
                                                 DiagnosticEngine &diags) {
  auto w = quietWarnings.find(fn);
  if (w == quietWarnings.end())
    return;
  for (const Diagnostic &d : w->second) {
    DiagnosticEngine::FileScope scope(diags, d.file ? *d.file : diags.currentFile());
    if (d.severity == Severity::Warning)
      diags.warning(d.range, d.message, d.alsoA);
    else
      diags.note(d.range, d.message);
  }
  quietWarnings.erase(w);
}

// Whether a `return` in `b` (not in a nested def) gives a value: a
// function without one returns None, known before its typing ends.
static bool returnsAValue(const Block &b) {
  for (const StmtPtr &s : b) {
    if (auto *r = dyn_cast<ReturnStmt>(s.get()); r && r->value && !isa<NoneLitExpr>(*r->value))
      return true;
    const Block *inner[2] = {nullptr, nullptr};
    if (auto *i = dyn_cast<IfStmt>(s.get()))
      inner[0] = &i->body, inner[1] = &i->orelse;
    else if (auto *w = dyn_cast<WhileStmt>(s.get()))
      inner[0] = &w->body, inner[1] = &w->orelse;
    else if (auto *f = dyn_cast<ForStmt>(s.get()))
      inner[0] = &f->body, inner[1] = &f->orelse;
    for (const Block *x : inner)
      if (x && returnsAValue(*x))
        return true;
  }
  return false;
}

const TypedFunction *DeviceFunctionRegistry::typingNow(
    const DeviceFunctionSource &fn, llvm::ArrayRef<Type *> argTypes,
    llvm::ArrayRef<std::optional<GlobalValue>> argConstants, Type *&returnSoFar,
    bool &self) const {
  InstanceKey key = keyOf(fn, argTypes, argConstants);
  for (size_t i = 0; i < stack.size(); ++i)
    if (stack[i].key == key) {
      const TypedFunction *partial = stack[i].partial;
      returnSoFar = partial ? partial->returnType : nullptr;
      // No value returned yet: None if a bare `return` was typed, or if
      // no return gives a value.
      if (!returnSoFar && partial &&
          ((stack[i].returnedNone && *stack[i].returnedNone) ||
           !returnsAValue(partial->def->body)))
        returnSoFar = ctx.none();
      self = i + 1 == stack.size();
      return stack[i].instance;
    }
  return nullptr;
}
