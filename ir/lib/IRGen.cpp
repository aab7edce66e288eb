//===- IRGen.cpp - Lowering of a typed AST function to the SSA IR --------===//
#include "pyjit/ir/IRGen.h"
#include "IndexParts.h"
#include "IRGenImpl.h"

#include <limits>
#include <numeric>
#include <functional>
#include "pyjit/ir/MathFunctions.h"
#include "pyjit/ir/SSABuilder.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace pyjit;
using namespace pyjit::ir;
using namespace pyjit::ast;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;


namespace pyjit::ir::detail {

// `text` as a str.format template that gives it back (the runtime formats
// error messages with str.format): braces doubled.
static std::string formatLiteral(llvm::StringRef text) {
  std::string out;
  for (char c : text)
    out += c == '{' ? std::string("{{") : c == '}' ? std::string("}}") : std::string(1, c);
  return out;
}

std::unique_ptr<Function> IRGen::run() {
  const FunctionDef &def = *kernel.def;
  BasicBlock *entry = fn->createBlock();
  enter(entry);
  ssa.sealBlock(entry);
  b.setLoc(def.range.begin);
  b.setFile(kernel.file ? kernel.file : &diags.currentFile());
  // A tuple parameter arrives as one argument per element, a None one as
  // none (docs/abi.md).
  std::function<std::optional<RValue>(Type *, const std::string &)> param =
      [&](Type *t, const std::string &name) -> std::optional<RValue> {
    if (auto *tt = dyn_cast<TupleType>(t)) {
      RValue r;
      r.type = t;
      for (size_t k = 0; k < tt->size(); ++k) {
        auto e = param(tt->elements()[k], name + "." + std::to_string(k));
        if (!e)
          return std::nullopt;
        r.elems.push_back(*e);
      }
      return r;
    }
    if (Type *part = threeIntegers(t)) { // a range or slice object: start, stop, step
      RValue r;
      r.type = t;
      for (size_t k = 0; k < 3; ++k)
        r.elems.push_back(*param(part, name + "." + std::to_string(k)));
      return r;
    }
    if (auto *ft = dyn_cast<FlatIterType>(t)) // a.flat: its array
      return RValue{t, nullptr, {*param(ft->array(), name + ".0")}};
    if (auto *it = dyn_cast<IteratorType>(t)) // iter(..): its position's array, its source
      return RValue{t, nullptr, {*param(iteratorState(), name + ".0"),
                                 *param(it->source(), name + ".1")}};
    if (isa<NoneType, BuiltinType>(t)) { // None, a function: no argument at run time
      RValue r;
      r.type = t;
      return r;
    }
    if (auto *rt = dyn_cast<RecordType>(t)) // a record argument: a 1-element array of it
      return RValue{t, nullptr, {RValue::of(fn->addArgument(recordViewType(rt), name))}};
    if (!t->isScalar() && !isa<ArrayType, DatetimeType>(t))
      return std::nullopt;
    return RValue::of(fn->addArgument(t, name));
  };
  for (size_t i = 0; i < def.params.size(); ++i) {
    auto value = param(kernel.paramTypes[i], def.params[i].name);
    if (!value) {
      diags.error(def.params[i].range, "parameter '" + def.params[i].name + "' of type " +
                                           kernel.paramTypes[i]->str() +
                                           " is not supported in kernels");
      return nullptr;
    }
    writeVar(def.params[i].name, localType(def.params[i].name), *value,
             static_cast<unsigned>(i + 1));
  }
  if (returnsValue && returnsThroughSlots(kernel.returnType)) {
    // Returned through arrays the caller passes (callFunction).
    std::vector<Type *> leaves;
    returnedLeaves(kernel.returnType, leaves);
    for (size_t k = 0; k < leaves.size(); ++k)
      resultSlots.push_back(
          fn->addArgument(ctx.array(leaves[k], 1, Layout::C), "$result." + std::to_string(k)));
  }
  recordNestedDefs(def.body);
  if (checksStack) {
    ErrorSite site;
    site.exception = "RecursionError";
    site.message = "maximum recursion depth exceeded in device function '" + def.name +
                   "' (the CPU backend's stack for a CUDA thread is used up)";
    site.file = diags.currentFile().fileName().str();
    site.line = def.range.begin.line;
    site.col = def.range.begin.col;
    fn->errorSites.push_back(site);
    b.create(Opcode::CheckStack, ctx.none(), {})->intImm =
        static_cast<int64_t>(fn->errorSites.size() - 1);
  }
  BasicBlock *exit = nullptr;
  if (returnsValue) { // every return goes to one block that returns the value
    exit = fn->createBlock();
    frames.back().returnTo = exit;
    frames.back().resultVar = "$result";
  }
  block(def.body, /*isBody=*/true);
  if (exit) {
    jumpTo(exit); // falling off the end returns None
    ssa.sealBlock(exit);
    enter(exit);
    if (isa<NoneType>(kernel.returnType)) {
      b.ret();
    } else if (returnsThroughSlots(kernel.returnType)) {
      std::vector<Value *> values;
      std::function<void(const RValue &, Type *)> flatten = [&](const RValue &v, Type *t) {
        if (auto *tt = dyn_cast<TupleType>(t)) {
          for (size_t k = 0; k < tt->size(); ++k)
            flatten(v.elems.at(k), tt->elements()[k]);
        } else if (Type *part = threeIntegers(t)) {
          for (size_t k = 0; k < 3; ++k)
            values.push_back(castTo(v.elems.at(k), part));
        } else if (!isa<NoneType>(t)) {
          values.push_back(castTo(v, t));
        }
      };
      flatten(readVar("$result", kernel.returnType), kernel.returnType);
      assert(values.size() == resultSlots.size() && "one slot per returned number");
      for (size_t k = 0; k < values.size(); ++k)
        b.arrayStore(resultSlots[k], {b.constInt(ctx.int64(), 0)}, values[k]);
      b.ret();
    } else
      b.create(Opcode::Ret, ctx.none(), {castTo(readVar("$result", kernel.returnType),
                                                kernel.returnType)});
  } else if (reachable()) {
    b.ret();
  }
  checkTileAssumptions();
  if (!diags.hasErrors())
    checkStaticSharedMemory();
  if (diags.hasErrors())
    return nullptr;
  if (debugInfo)
    describeMergedVariables();
  fn->removeUnreachableBlocks();
  return std::move(fn);
}

void IRGen::returnedLeaves(Type *t, std::vector<Type *> &leaves) {
  if (auto *tt = dyn_cast<TupleType>(t)) {
    for (Type *e : tt->elements())
      returnedLeaves(e, leaves);
  } else if (Type *part = threeIntegers(t)) {
    leaves.insert(leaves.end(), 3, part);
  } else if (!isa<NoneType>(t)) {
    leaves.push_back(t);
  }
}

void IRGen::describeMergedVariables() {
  // A variable's value where paths join (a loop header, after an if) is a
  // phi, which no writeVar followed: say so after the block's phis.
  for (auto &[phi, name] : ssa.variablePhis()) {
    if (name.find_first_of("#$.") != std::string::npos)
      continue; // as in writeVar
    BasicBlock *bb = phi->parent();
    Instruction *firstNonPhi = nullptr;
    for (auto &inst : bb->instructions())
      if (inst->opcode() != Opcode::Phi) {
        firstNonPhi = inst.get();
        break;
      }
    if (!firstNonPhi)
      continue;
    auto dv = std::make_unique<Instruction>(Opcode::DebugValue, ctx.none(),
                                            std::vector<Value *>{phi}, firstNonPhi->loc());
    dv->text = name;
    dv->setFile(firstNonPhi->file());
    bb->insertBefore(firstNonPhi, std::move(dv));
  }
}

void IRGen::writeVar(const std::string &name, Type *type, const RValue &v, unsigned argNo) {
  // The phi variables this version also writes (VariableWebs.h), each
  // converted to its own type; the debugger sees the version's value.
  const TypedFunction *fnTyped = frames.back().typed;
  if (const ast::FunctionDef *fd = fnTyped->def)
    if (auto it = fd->phiTargets.find(name); it != fd->phiTargets.end()) {
      bool debug = debugInfo;
      debugInfo = false;
      llvm::SmallVector<llvm::StringRef, 4> written; // each shared SSA variable once
      for (const std::string &phi : it->second)
        if (auto pt = fnTyped->locals.find(phi); pt != fnTyped->locals.end() && pt->second) {
          const std::string &var = ssaName(phi);
          if (llvm::is_contained(written, llvm::StringRef(var)))
            continue;
          written.push_back(var);
          writeVar(var, pt->second, v);
        }
      debugInfo = debug;
    }
  if (const std::string &var = ssaName(name); var != name)
    return writeVar(var, type, v, argNo); // a phi variable another one stands for
  if (isRuntimeStr(type)) { // one of several strings: its index (IRGenImpl.h)
    ssa.writeVariable(frames.back().prefix + name, cur(), stringIndex(v));
    return;
  }
  if (isa<NoneType, BuiltinType>(type))
    return; // a None parameter, or a function passed: nothing at run time
  if (isa<RecordType>(type)) { // a record: its 1-element view
    ssa.writeVariable(frames.back().prefix + name + "#0", cur(), v.elems.at(0).value);
    return;
  }
  if (auto *ft = dyn_cast<FlatIterType>(type)) { // a.flat: its array
    writeVar(name + "#0", ft->array(), v.elems.at(0));
    return;
  }
  if (auto *it = dyn_cast<IteratorType>(type)) { // iter(..): its position's array, its source
    writeVar(name + "#0", iteratorState(), v.elems.at(0));
    writeVar(name + "#1", it->source(), v.elems.at(1));
    return;
  }
  if (auto *tt = dyn_cast<TupleType>(type)) {
    for (size_t i = 0; i < tt->size(); ++i)
      writeVar(name + "#" + std::to_string(i), tt->elements()[i], v.elems[i]);
    return;
  }
  if (Type *part = threeIntegers(type)) { // a range or slice object: start, stop, step
    for (size_t i = 0; i < 3; ++i)
      writeVar(name + "#" + std::to_string(i), part, v.elems.at(i));
    return;
  }
  if (auto *ot = dyn_cast<OptionalType>(type)) { // numba's Optional: (not None, the value)
    RValue parts = isa<OptionalType>(v.type) ? v : asOptional(v, ot);
    writeVar(name + "#0", ctx.boolean(), parts.elems.at(0));
    writeVar(name + "#1", ot->inner(), parts.elems.at(1));
    return;
  }
  Value *value = v.value;
  if (!isa<ArrayType>(type))
    value = castTo(v, type);
  else if (value->type() != type) // another layout: the variable's is A
    value = b.create(Opcode::ArrayCast, type, {value});
  ssa.writeVariable(frames.back().prefix + name, cur(), value);
  // A variable the user named, in the function's own frame or an inlined
  // device function's (the instruction's inline site says which), not a
  // tuple's element nor an internal one ($...).
  if (debugInfo && reachable() &&
      name.find_first_of("#$.") == std::string::npos) {
    Instruction *dv = b.create(Opcode::DebugValue, ctx.none(), {value});
    dv->text = name;
    dv->intImm = argNo;
  }
}

const std::string &IRGen::ssaName(const std::string &name) {
  const TypedFunction *fnTyped = frames.back().typed;
  if (!fnTyped->def || fnTyped->def->phiTargets.empty() || name.find('~') == std::string::npos)
    return name;
  auto [shared, made] = sharedPhis.try_emplace(fnTyped);
  if (made) {
    // Per (source name, type), the least phi variable's name.
    std::map<std::pair<std::string, Type *>, std::string> first;
    for (const auto &[version, phis] : fnTyped->def->phiTargets)
      for (const std::string &phi : phis) {
        auto t = fnTyped->locals.find(phi);
        if (t == fnTyped->locals.end() || !t->second)
          continue;
        auto [slot, fresh] = first.try_emplace({phi.substr(0, phi.find('~')), t->second}, phi);
        if (!fresh && phi < slot->second)
          slot->second = phi;
      }
    for (const auto &[version, phis] : fnTyped->def->phiTargets)
      for (const std::string &phi : phis) {
        auto t = fnTyped->locals.find(phi);
        if (t != fnTyped->locals.end() && t->second)
          shared->second[phi] = first.at({phi.substr(0, phi.find('~')), t->second});
      }
  }
  auto it = shared->second.find(name);
  return it == shared->second.end() ? name : it->second;
}

RValue IRGen::readVarAt(const std::string &prefix, const std::string &name, Type *type) {
  if (isRuntimeStr(type))
    return RValue::of(ssa.readVariable(prefix + name, ctx.int32(), cur()));
  if (isa<NoneType, BuiltinType>(type))
    return RValue{type, nullptr, {}};
  if (auto *rt = dyn_cast<RecordType>(type))
    return RValue{type, nullptr, {RValue::of(ssa.readVariable(prefix + name + "#0",
                                                              recordViewType(rt), cur()))}};
  if (auto *ft = dyn_cast<FlatIterType>(type))
    return RValue{type, nullptr, {readVarAt(prefix, name + "#0", ft->array())}};
  if (auto *it = dyn_cast<IteratorType>(type))
    return RValue{type, nullptr, {readVarAt(prefix, name + "#0", iteratorState()),
                                  readVarAt(prefix, name + "#1", it->source())}};
  if (auto *tt = dyn_cast<TupleType>(type)) {
    RValue r;
    r.type = type;
    for (size_t i = 0; i < tt->size(); ++i)
      r.elems.push_back(readVarAt(prefix, name + "#" + std::to_string(i), tt->elements()[i]));
    return r;
  }
  if (Type *part = threeIntegers(type)) {
    RValue r;
    r.type = type;
    for (size_t i = 0; i < 3; ++i)
      r.elems.push_back(readVarAt(prefix, name + "#" + std::to_string(i), part));
    return r;
  }
  if (auto *ot = dyn_cast<OptionalType>(type)) {
    RValue r;
    r.type = type;
    r.elems = {readVarAt(prefix, name + "#0", ctx.boolean()),
               readVarAt(prefix, name + "#1", ot->inner())};
    return r;
  }
  return RValue::of(ssa.readVariable(prefix + name, type, cur()));
}

void IRGen::recordNestedDefs(const Block &body) {
  for (const StmtPtr &s : body) {
    if (auto *d = dyn_cast<FunctionDefStmt>(s.get()))
      definingPrefix[d->def.get()] = frames.back().prefix;
    else if (auto *i = dyn_cast<IfStmt>(s.get())) {
      recordNestedDefs(i->body);
      recordNestedDefs(i->orelse);
    } else if (auto *w = dyn_cast<WhileStmt>(s.get())) {
      recordNestedDefs(w->body);
      recordNestedDefs(w->orelse);
    } else if (auto *f = dyn_cast<ForStmt>(s.get())) {
      recordNestedDefs(f->body);
      recordNestedDefs(f->orelse);
    }
  }
}

Value *IRGen::castTo(const RValue &v, Type *to) {
  if (llvm::isa_and_nonnull<OptionalType>(v.type) && to->isScalar()) // to a declared type
    return castTo(optionalValue(v, b.currentLoc()), to);
  if (v.text && isa<CharSeqType>(to)) { // a string constant as a bytes or str item
    Instruction *chars = b.create(Opcode::ConstChars, to, {});
    chars->text = *v.text;
    return chars;
  }
  if (!v.value) {
    // A tuple or compile-time value used as a scalar: inference rejects
    // these, so this is a compiler bug.
    assert(false && "castTo on a non-scalar value");
    return nullptr;
  }
  if (auto *et = dyn_cast<IntType>(v.value->type()); et && et->isEnum() && isa<BoolType>(to))
    return b.constBool(true); // a plain Enum member is true, whatever its value (Python)
  if (auto *at = dyn_cast<ArrayType>(v.value->type()); at && at->ndim() == 0 && to->isScalar())
    return b.cast(b.arrayLoad(v.value, {}), to); // a 0-d array as an index: its element
  if (auto *dt = dyn_cast<DatetimeType>(to); dt && isa<DatetimeType>(v.value->type()))
    return datetimeRescale(v.value, dt); // to a finer unit (inference checked)
  return b.cast(v.value, to);
}

RValue IRGen::asOptional(const RValue &v, OptionalType *ot) {
  Type *inner = ot->inner();
  if (isa<NoneType>(v.type)) // (an array's zero is the null array: codegen's ConstInt of one)
    return RValue{ot, nullptr, {RValue::of(b.constBool(false)),
                                RValue::of(constant(GlobalValue::ofInt(0), inner))}};
  if (isa<OptionalType>(v.type))
    return RValue{ot, nullptr, {v.elems.at(0), isa<ArrayType>(inner)
                                                   ? v.elems.at(1)
                                                   : RValue::of(castTo(v.elems.at(1), inner))}};
  return RValue{ot, nullptr, {RValue::of(b.constBool(true)),
                              isa<ArrayType>(inner) ? v : RValue::of(castTo(v, inner))}};
}

Value *IRGen::truthy(const RValue &v) {
  if (v.value && isa<CharSeqType>(v.value->type()))
    return b.cmp(CmpPredicate::Ne, b.create(Opcode::CharsLen, ctx.int64(), {v.value}),
                 b.constInt(ctx.int64(), 0));
  return castTo(v, ctx.boolean());
}

Value *IRGen::constant(const GlobalValue &c, Type *type) {
  if (auto *ct = dyn_cast<ComplexType>(type)) {
    double re = c.kind == GlobalValue::Kind::Float || c.kind == GlobalValue::Kind::Complex
                    ? c.f
                    : c.intAsDouble();
    double im = c.kind == GlobalValue::Kind::Complex ? c.imag : 0.0;
    Type *part = ctx.floatTy(ct->partBits());
    return b.create(Opcode::ComplexMake, type, {b.constFloat(part, re), b.constFloat(part, im)});
  }
  switch (c.kind) {
  case GlobalValue::Kind::Int:
    if (isa<FloatType>(type))
      return b.constFloat(type, c.intAsDouble());
    if (isa<BoolType>(type))
      return b.constBool(c.i != 0);
    return b.constInt(type, c.i);
  case GlobalValue::Kind::Float:
    if (isa<FloatType>(type))
      return b.constFloat(type, c.f);
    return b.cast(b.constFloat(ctx.float64(), c.f), type);
  case GlobalValue::Kind::Bool:
    if (isa<BoolType>(type))
      return b.constBool(c.i != 0);
    if (isa<FloatType>(type))
      return b.constFloat(type, static_cast<double>(c.i));
    return b.constInt(type, c.i);
  case GlobalValue::Kind::Complex: { // bool(1j), np.float32(2j): as of a complex value
    Type *z = ctx.complexTy(128);
    Value *value = b.create(Opcode::ComplexMake, z,
                            {b.constFloat(ctx.float64(), c.f), b.constFloat(ctx.float64(), c.imag)});
    return castTo(RValue::of(value), type);
  }
  default:
    assert(false && "not a numeric constant");
    return nullptr;
  }
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

void IRGen::block(const Block &stmts, bool isBody) {
  for (size_t i = 0; i < stmts.size(); ++i) {
    if (!reachable())
      return; // the rest of the block is dead code
    if (isBody && i == 0)
      if (auto *es = dyn_cast<ExprStmt>(stmts[i].get()))
        if (isa<StrLitExpr>(es->expr.get()))
          continue; // docstring
    stmt(*stmts[i]);
  }
}

void IRGen::stmt(const Stmt &s) {
  b.setLoc(s.range().begin);
  switch (s.kind()) {
  case Stmt::Kind::Expr: {
    const Expr &e = *cast<ExprStmt>(s).expr;
    if (!isa<StrLitExpr>(e) && !isa<EllipsisExpr>(e))
      gen(e);
    return;
  }
  case Stmt::Kind::Assign: {
    auto &a = cast<AssignStmt>(s);
    RValue v = gen(*a.value);
    for (const ExprPtr &t : a.targets)
      assign(*t, v);
    return;
  }
  case Stmt::Kind::AugAssign: {
    auto &a = cast<AugAssignStmt>(s);
    const ExprInfo &vi = info(*a.value);
    // With a source (VariableWebs), x is read from one version and written to another.
    const Expr &read = a.source ? *a.source : *a.target;
    if (auto *at = dyn_cast<ArrayType>(info(read).type)) {
      // a[1:3] += v, a *= b: element by element over the target; an operand
      // overlapping it is read as it was before (storeElements).
      RValue array = gen(read);
      Value *target = array.value;
      RValue rhs = gen(*a.value);
      b.setLoc(s.range().begin);
      auto *va = dyn_cast<ArrayType>(vi.type);
      TypedOperand value = va ? TypedOperand{va->dtype()} : operandOf(vi);
      Type *rt = binaryResultType(ctx, a.op, {at->dtype(), false}, value);
      std::vector<Value *> repeat;
      if (va)
        repeat = broadcastTo(rhs.value, target, s.range().begin);
      storeElements(target, {va ? rhs.value : nullptr}, s.range().begin,
                    [&](const std::vector<Value *> &idx) {
        RValue old = RValue::of(b.arrayLoad(target, idx));
        RValue x = va ? RValue::of(broadcastLoad(rhs.value, repeat, idx)) : rhs;
        RValue res = binary(a.op, old, {at->dtype(), false}, x, value, rt);
        return castTo(res, at->dtype());
      });
      if (a.source) // the same array, now in the written version
        assign(*a.target, array);
      return;
    }
    if (auto *n = dyn_cast<NameExpr>(a.target.get())) {
      Type *varType = localType(n->name);
      Type *readType = a.source ? info(*a.source).type : varType;
      if (a.source && isa<TupleType>(readType)) { // t += (3,): a new tuple, another version
        RValue t = gen(*a.source), rhs = gen(*a.value);
        writeVar(n->name, varType, tupleOperator(a.op, t, rhs, info(*a.target).type));
        return;
      }
      // An Optional variable is read as its number (None stops the thread).
      bool optional = isa<OptionalType>(readType);
      Type *valueType = optional ? cast<OptionalType>(readType)->inner() : readType;
      RValue curV = a.source ? gen(*a.source)
                    : optional ? gen(*a.target)
                               : readVar(n->name, varType);
      RValue rhs = gen(*a.value);
      Type *rt = binaryResultType(ctx, a.op, {valueType, false}, operandOf(vi));
      RValue res = binary(a.op, curV, {valueType, false}, rhs, operandOf(vi), rt);
      writeVar(n->name, varType, res);
      return;
    }
    if (isFieldAccess(*a.target)) { // a[i].x += v: the element's indices once
      FieldRef ref = recordField(*a.target);
      Type *ft = ref.field->type;
      RValue old = RValue::of(loadField(ref));
      RValue rhs = gen(*a.value);
      Type *rt = binaryResultType(ctx, a.op, {ft, false}, operandOf(vi));
      storeField(ref, castTo(binary(a.op, old, {ft, false}, rhs, operandOf(vi), rt), ft));
      return;
    }
    auto &sub = cast<SubscriptExpr>(*a.target);
    bool flatItem = isa<FlatIterType>(info(*sub.value).type); // a.flat[i] += v
    Value *array = flatItem ? flatArray(*sub.value) : gen(*sub.value).value;
    std::vector<Value *> idx = flatItem ? flatIndices(array, *sub.index)
                                        : arrayIndices(array, *sub.index);
    Type *dtype = cast<ArrayType>(array->type())->dtype();
    RValue old = RValue::of(b.arrayLoad(array, idx));
    RValue rhs = gen(*a.value);
    Type *rt = binaryResultType(ctx, a.op, {dtype, false}, operandOf(vi));
    RValue res = binary(a.op, old, {dtype, false}, rhs, operandOf(vi), rt);
    b.arrayStore(array, idx, castTo(res, dtype));
    return;
  }
  case Stmt::Kind::If:
    ifStmt(cast<IfStmt>(s));
    return;
  case Stmt::Kind::While:
    whileStmt(cast<WhileStmt>(s));
    return;
  case Stmt::Kind::For:
    forStmt(cast<ForStmt>(s));
    return;
  case Stmt::Kind::Return: {
    // A copy: lowering the returned value may inline calls, which push
    // frames and would invalidate a reference into `frames`.
    const Frame frame = frames.back();
    auto &r = cast<ReturnStmt>(s);
    if (!frame.returnTo) {
      if (r.value && !isa<NoneLitExpr>(*r.value))
        gen(*r.value); // `return f()` of a function returning None: its effects
      b.ret();
      return;
    }
    if (r.value && !isa<NoneLitExpr>(*r.value)) {
      RValue v = gen(*r.value);
      returnsOwnSharedArray(v, r.value->range());
      writeVar(frame.resultVar, typed->returnType, v);
    } else if (isa<OptionalType>(typed->returnType)) // None, of a function returning Optional
      writeVar(frame.resultVar, typed->returnType, RValue{ctx.none(), nullptr, {}});
    b.br(frame.returnTo);
    return;
  }
  case Stmt::Kind::Break:
    b.br(loops.back().breakTo);
    return;
  case Stmt::Kind::Continue:
    b.br(loops.back().continueTo);
    return;
  case Stmt::Kind::Pass:
  case Stmt::Kind::Def: // lowered where it is called (inlineFunction)
    return;
  case Stmt::Kind::Raise: {
    // numba.cuda: reported to the host in debug builds; otherwise the
    // thread just returns.
    if (!debug) {
      b.stop();
      return;
    }
    const TypedFunction::Raise &r = typed->raises.at(&cast<RaiseStmt>(s));
    raise(r.exception, formatLiteral(r.message), {}, s.range().begin, r.args);
    return;
  }
  case Stmt::Kind::Assert: {
    // numba.cuda evaluates the test in every build: a failure raises
    // AssertionError to the host in debug builds and otherwise, as a raise
    // does, ends the thread.
    auto &a = cast<AssertStmt>(s);
    Value *ok = truthy(gen(*a.test));
    BasicBlock *fail = fn->createBlock();
    BasicBlock *next = fn->createBlock();
    b.condBr(ok, next, fail);
    ssa.sealBlock(fail);
    enter(fail);
    auto it = typed->assertMessages.find(&a);
    if (debug)
      raise("AssertionError", it == typed->assertMessages.end() ? "" : formatLiteral(it->second),
            {}, s.range().begin);
    else
      b.stop();
    ssa.sealBlock(next);
    enter(next);
    return;
  }
  }
}

IRGen::FieldRef IRGen::recordField(const Expr &access) {
  // a[i].x or a[i]['x']: the element's indices, then the field's offset;
  // r.x of a record variable: element 0 of its view.
  const Expr &element = isa<AttributeExpr>(access) ? *cast<AttributeExpr>(access).value
                                                   : *cast<SubscriptExpr>(access).value;
  llvm::StringRef name;
  if (auto *attr = dyn_cast<AttributeExpr>(&access))
    name = attr->attr;
  else if (auto *str = dyn_cast<StrLitExpr>(cast<SubscriptExpr>(access).index.get()))
    name = str->value;
  else // a[i][0]: by position
    name = typed->recordFieldNames.at(cast<SubscriptExpr>(&access));
  if (isFieldAccess(element)) { // a[i].inner.x: inside the nested record's bytes
    FieldRef ref = recordField(element);
    ref.field = cast<RecordType>(ref.field->type)->field(name);
    ref.offset += ref.field->offset;
    return ref;
  }
  FieldRef ref;
  auto *sub = dyn_cast<SubscriptExpr>(&element);
  if (sub && isa<ArrayType>(info(*sub->value).type)) {
    ref.array = gen(*sub->value).value;
    ref.indices = arrayIndices(ref.array, *sub->index);
  } else { // a record variable, or one taken from a tuple (t[0].x)
    ref.array = gen(element).elems.at(0).value;
    Value *zero = b.constInt(ctx.int64(), 0);
    if (boundsCheck) // a variable no assignment reached is an empty view: IndexError
      checkIndex(ref.array, 0, zero, element);
    ref.indices = {zero};
  }
  ref.field = cast<RecordType>(info(element).type)->field(name);
  ref.offset = ref.field->offset;
  return ref;
}

/// The alignment the accesses through a reference to a record of type \p rt
/// assume of its address: for each scalar field (nested ones too, at their
/// offsets in \p rt) RecordLoad's min(natural, lowest set bit of
/// gcd(size, offset)); for each array field its elements' natural size.
static uint64_t referenceAlignment(const RecordType *rt) {
  uint64_t needed = 1;
  std::function<void(const RecordType *, uint64_t)> walk = [&](const RecordType *r,
                                                               uint64_t base) {
    for (const RecordType::Field &f : r->fields()) {
      uint64_t offset = base + f.offset;
      if (auto *nested = dyn_cast<RecordType>(f.type)) {
        walk(nested, offset);
        continue;
      }
      uint64_t natural = elementBytes(f.type);
      if (!f.isArray()) {
        natural = std::min(natural, placementAlignment(rt->size(), offset));
      }
      needed = std::max(needed, natural);
    }
  };
  walk(rt, 0);
  return needed;
}

RValue IRGen::fieldValue(const Expr &e) {
  FieldRef ref = recordField(e);
  Type *t = info(e).type;
  if (!ref.field->isArray() && !isa<RecordType>(ref.field->type))
    return RValue::of(loadField(ref));
  // A view into the element: the array field's elements (C order), or the
  // nested record as a 1-element array (a record reference).
  Type *i64 = ctx.int64();
  std::vector<Value *> ops{ref.array};
  ops.insert(ops.end(), ref.indices.begin(), ref.indices.end());
  std::vector<int64_t> extents, strides;
  Type *viewType = t;
  if (ref.field->isArray()) {
    extents.assign(ref.field->shape.begin(), ref.field->shape.end());
    strides.assign(extents.size(), 0);
    int64_t running = static_cast<int64_t>(elementBytes(ref.field->type));
    for (size_t d = extents.size(); d-- > 0;) {
      strides[d] = running;
      running *= extents[d];
    }
  } else {
    // Its fields are loaded at the alignment its size implies (RecordLoad):
    // the nested record must lie at a multiple of it in every element.
    auto *inner = cast<RecordType>(t);
    uint64_t root = cast<RecordType>(cast<ArrayType>(ref.array->type())->dtype())->size();
    uint64_t needed = referenceAlignment(inner);
    if (placementAlignment(root, ref.offset) < needed) // reported; the view is still made
      diags.error(e.range(), "the nested record lies at byte " + llvm::Twine(ref.offset) +
                                 " of a " + llvm::Twine(root) + "-byte record, not aligned "
                                 "for a reference to it: read its fields in place (a[i].f.x), "
                                 "or make the dtype with align=True");
    viewType = recordViewType(inner);
    extents = {1};
    strides = {static_cast<int64_t>(inner->size())};
  }
  for (int64_t x : extents)
    ops.push_back(b.constInt(i64, x));
  for (int64_t x : strides)
    ops.push_back(b.constInt(i64, x));
  Instruction *view = b.create(Opcode::RecordFieldView, viewType, ops);
  view->intImm = static_cast<int64_t>(ref.offset);
  if (isa<RecordType>(t))
    return RValue{t, nullptr, {RValue::of(view)}};
  return RValue::of(view);
}

Type *IRGen::recordViewType(RecordType *rt) { return ctx.array(rt->writable(), 1, Layout::A); }

RValue IRGen::recordRef(const SubscriptExpr &e) {
  // r = a[i, j]: a reference to the element, as numba's records are: the
  // 1-element view a[i, j:j+1] (indices wrapped and checked first).
  Value *array = gen(*e.value).value;
  std::vector<Value *> idx = arrayIndices(array, *e.index);
  b.setLoc(e.range().begin);
  return recordRefAt(array, idx, cast<RecordType>(info(e).type));
}

RValue IRGen::recordRefAt(Value *array, const std::vector<Value *> &idx, RecordType *rt) {
  Type *i64 = ctx.int64();
  if (idx.empty()) { // r[()] of a 0-d record array: its one element as a 1-element view
    Instruction *view =
        b.create(Opcode::ArrayReshape, recordViewType(rt), {array, b.constInt(i64, 1)});
    return RValue{rt, nullptr, {RValue::of(view)}};
  }
  std::vector<Value *> ops{array};
  for (size_t d = 0; d + 1 < idx.size(); ++d)
    ops.push_back(idx[d]);
  Value *last = idx.back();
  ops.insert(ops.end(), {last, b.binary(Opcode::Add, last, b.constInt(i64, 1)),
                         b.constInt(i64, 1)});
  Instruction *view = b.create(Opcode::ArrayView, recordViewType(rt), ops);
  view->intImm = int64_t(1) << (3 * (idx.size() - 1)); // the last dimension sliced
  return RValue{rt, nullptr, {RValue::of(view)}};
}

Value *IRGen::loadField(const FieldRef &ref) {
  std::vector<Value *> ops{ref.array};
  ops.insert(ops.end(), ref.indices.begin(), ref.indices.end());
  Instruction *load = b.create(Opcode::RecordLoad, ref.field->type, ops);
  load->intImm = static_cast<int64_t>(ref.offset);
  return load;
}

void IRGen::storeField(const FieldRef &ref, Value *value) {
  std::vector<Value *> ops{ref.array};
  ops.insert(ops.end(), ref.indices.begin(), ref.indices.end());
  ops.push_back(value);
  Instruction *store = b.create(Opcode::RecordStore, ctx.none(), ops);
  store->intImm = static_cast<int64_t>(ref.offset);
}

bool IRGen::isFieldAccess(const Expr &e) {
  const Expr *element = isa<AttributeExpr>(e) ? cast<AttributeExpr>(e).value.get()
                        : isa<SubscriptExpr>(e) ? cast<SubscriptExpr>(e).value.get()
                                                : nullptr;
  return element && llvm::isa_and_nonnull<RecordType>(info(*element).type);
}

RValue IRGen::tupleOperator(BinaryOp op, const RValue &l, const RValue &r, Type *resultType) {
  RValue out;
  out.type = resultType;
  if (op == BinaryOp::Mul) { // repetition: t * 3, 3 * t
    const RValue &t = l.isTuple() ? l : r;
    size_t n = cast<TupleType>(resultType)->size();
    while (out.elems.size() < n)
      out.elems.insert(out.elems.end(), t.elems.begin(), t.elems.end());
    return out;
  }
  out.elems = l.elems; // concatenation: t + u
  out.elems.insert(out.elems.end(), r.elems.begin(), r.elems.end());
  return out;
}

void IRGen::assign(const Expr &target, const RValue &v) {
  if (auto *n = dyn_cast<NameExpr>(&target)) {
    if (!typed->locals.count(n->name))
      return; // f = a device function: a name for a compile-time value, no variable
    writeVar(n->name, localType(n->name), v);
    return;
  }
  if (isFieldAccess(target)) {
    if (isa<ArrayType>(info(target).type)) { // rec.f = x: into the field's view
      Value *view = gen(target).value;
      b.setLoc(target.range().begin);
      storeIntoView(view, v, target.range().begin);
      return;
    }
    FieldRef ref = recordField(target);
    b.setLoc(target.range().begin);
    storeField(ref, castTo(v, ref.field->type));
    return;
  }
  if (auto *t = dyn_cast<TupleExpr>(&target); t && v.value && isa<ArrayType>(v.value->type())) {
    // x, y, z = a: element (or row) k of the array to target k.
    Value *array = v.value;
    Type *i64 = ctx.int64();
    int64_t n = static_cast<int64_t>(t->elts.size());
    if (boundsCheck) {
      Value *len = b.arrayShape(array, 0);
      raiseUnless(b.cmp(CmpPredicate::Eq, len, b.constInt(i64, n)), "ValueError",
                  "cannot unpack an array of length {0} into {1} targets",
                  {len, b.constInt(i64, n)}, target.range().begin);
    }
    for (int64_t k = 0; k < n; ++k)
      assign(*t->elts[k], firstAxisValue(array, b.constInt(i64, k)));
    return;
  }
  if (auto *t = dyn_cast<TupleExpr>(&target)) {
    auto star = llvm::find_if(t->elts, [](const ExprPtr &x) { return isa<StarredExpr>(*x); });
    if (star != t->elts.end()) { // a, *rest, z = t
      size_t before = static_cast<size_t>(star - t->elts.begin());
      size_t after = t->elts.size() - before - 1;
      const Expr &restTarget = *cast<StarredExpr>(**star).value;
      RValue rest;
      rest.elems.assign(v.elems.begin() + before, v.elems.end() - after);
      std::vector<Type *> restTypes;
      for (const RValue &x : rest.elems)
        restTypes.push_back(x.type);
      rest.type = ctx.tuple(restTypes);
      for (size_t i = 0; i < before; ++i)
        assign(*t->elts[i], v.elems[i]);
      assign(restTarget, rest);
      for (size_t i = 0; i < after; ++i)
        assign(*t->elts[before + 1 + i], v.elems[v.elems.size() - after + i]);
      return;
    }
    for (size_t i = 0; i < t->elts.size(); ++i)
      assign(*t->elts[i], v.elems[i]);
    return;
  }
  auto &sub = cast<SubscriptExpr>(target);
  if (isa<FlatIterType>(info(*sub.value).type)) { // a.flat[i] = v, a not C-contiguous
    Value *array = flatArray(*sub.value);
    std::vector<Value *> idx = flatIndices(array, *sub.index);
    b.setLoc(target.range().begin);
    if (auto *rt = dyn_cast<RecordType>(cast<ArrayType>(array->type())->dtype()))
      copyRecord(recordRefAt(array, idx, rt).elems.at(0).value, v.elems.at(0).value, rt, 0);
    else
      b.arrayStore(array, idx, castTo(v, cast<ArrayType>(array->type())->dtype()));
    return;
  }
  Value *array = gen(*sub.value).value;
  if (isa<ArrayType>(info(sub).type)) { // a[lo:hi] = v, a[i] = v of a 2-d a (numba)
    Value *view = arrayView(array, sub).value;
    b.setLoc(target.range().begin);
    storeIntoView(view, v, target.range().begin);
    return;
  }
  std::vector<Value *> idx = arrayIndices(array, *sub.index);
  b.setLoc(target.range().begin);
  if (auto *rt = dyn_cast<RecordType>(cast<ArrayType>(array->type())->dtype())) {
    // a[i] = r: the record's fields copied (numba copies records whole).
    copyRecord(recordRefAt(array, idx, rt).elems.at(0).value, v.elems.at(0).value, rt, 0);
    return;
  }
  b.arrayStore(array, idx, castTo(v, cast<ArrayType>(array->type())->dtype()));
}

void IRGen::copyRecord(Value *dst, Value *src, RecordType *rt, uint64_t base) {
  // Field by field at their offsets (byte-wise where a packed dtype leaves
  // them misaligned, as RecordLoad/RecordStore do); array fields element by
  // element through their views. dst and src are 1-element views.
  Type *i64 = ctx.int64();
  Value *zero = b.constInt(i64, 0);
  for (const RecordType::Field &f : rt->fields()) {
    uint64_t offset = base + f.offset;
    if (auto *nested = dyn_cast<RecordType>(f.type)) {
      copyRecord(dst, src, nested, offset);
      continue;
    }
    if (!f.isArray()) {
      Instruction *load = b.create(Opcode::RecordLoad, f.type, {src, zero});
      load->intImm = static_cast<int64_t>(offset);
      Instruction *store = b.create(Opcode::RecordStore, ctx.none(), {dst, zero, load});
      store->intImm = static_cast<int64_t>(offset);
      continue;
    }
    // An array field: its bytes as unsigned words as wide as the field's
    // placement allows (a packed dtype's may be misaligned), at most 8.
    uint64_t bytes = elementBytes(f.type);
    for (uint64_t e : f.shape)
      bytes *= e;
    auto *root = cast<RecordType>(cast<ArrayType>(dst->type())->dtype());
    uint64_t width = std::min({placementAlignment(root->size(), offset), elementBytes(f.type),
                               uint64_t(8)});
    uint64_t count = bytes / width;
    Type *flat = ctx.array(ctx.intTy(static_cast<unsigned>(8 * width), false), 1, Layout::C);
    auto view = [&](Value *rec) {
      Instruction *v = b.create(Opcode::RecordFieldView, flat,
                                {rec, zero, b.constInt(i64, static_cast<int64_t>(count)),
                                 b.constInt(i64, static_cast<int64_t>(width))});
      v->intImm = static_cast<int64_t>(offset);
      return v;
    };
    Value *from = view(src), *to = view(dst);
    forRange(b.constInt(i64, static_cast<int64_t>(count)),
             [&](Value *k) { b.arrayStore(to, {k}, b.arrayLoad(from, {k})); });
  }
}

std::optional<bool> IRGen::constantCondition(const Expr &cond) {
  const ExprInfo &ci = info(cond);
  return ci.constant ? ci.constant->truth() : std::nullopt;
}

std::optional<bool> IRGen::decidedCondition(const Expr &cond) {
  if (auto it = typed->decidedTruths.find(&cond); it != typed->decidedTruths.end())
    return it->second;
  return constantCondition(cond);
}

void IRGen::decidedEffects(const Expr &cond) {
  // A constant's calls run (effectsOf); `c and DEBUG` is lowered whole, so
  // its operands before DEBUG short-circuit as at run time (the value is
  // not used).
  if (info(cond).constant)
    effectsOf(cond);
  else
    gen(cond);
}

void IRGen::ifStmt(const IfStmt &s) {
  if (std::optional<bool> known = decidedCondition(*s.cond)) {
    // Decided when compiling (`if scale is None:`, `if DEBUG:`): only the
    // branch taken is typed and lowered, as numba prunes dead branches.
    decidedEffects(*s.cond);
    block(*known ? s.body : s.orelse);
    return;
  }
  Value *cond = truthy(gen(*s.cond));
  BasicBlock *thenBB = fn->createBlock();
  BasicBlock *elseBB = s.orelse.empty() ? nullptr : fn->createBlock();
  BasicBlock *merge = fn->createBlock();
  b.condBr(cond, thenBB, elseBB ? elseBB : merge);
  ssa.sealBlock(thenBB);
  enter(thenBB);
  block(s.body);
  jumpTo(merge);
  if (elseBB) {
    ssa.sealBlock(elseBB);
    enter(elseBB);
    block(s.orelse);
    jumpTo(merge);
  }
  ssa.sealBlock(merge);
  enter(merge);
  if (merge->predecessors().empty())
    b.ret(); // every path returned or left the loop: the merge is dead
}

void IRGen::whileStmt(const WhileStmt &s) {
  // Decided when compiling (`while True:`, `while DEBUG:`), as typing
  // decided it: `while False:` runs only its else; `while True:` is left only
  // by a break or return, and its else never runs.
  std::optional<bool> known = constantCondition(*s.cond);
  if (std::optional<bool> decided = decidedCondition(*s.cond); decided && !*decided) {
    decidedEffects(*s.cond);
    block(s.orelse);
    return;
  }
  BasicBlock *header = fn->createBlock();
  BasicBlock *body = fn->createBlock();
  BasicBlock *exit = fn->createBlock();
  b.br(header);
  enter(header);
  b.setLoc(s.range().begin);
  BasicBlock *done = exit;
  if (known) {
    effectsOf(*s.cond);
    b.br(body);
  } else {
    Value *cond = truthy(gen(*s.cond));
    if (!s.orelse.empty())
      done = fn->createBlock(); // the loop's else
    b.condBr(cond, body, done);
  }
  ssa.sealBlock(body);
  enter(body);
  interruptCheck("Ctrl-C stopped the launch in a while loop", s.range().begin);
  loopTail(s.body, s.orelse, header, done, exit);
}

void IRGen::interruptCheck(const char *message, SourceLoc at) {
  if (!interruptible)
    return;
  Instruction *stop = b.create(Opcode::Cuda, ctx.boolean(), {});
  stop->intImm = static_cast<int64_t>(CudaFn::Interrupted);
  raiseUnless(b.unary(Opcode::Not, stop), "KeyboardInterrupt", message, {}, at);
}

void IRGen::loopTail(const Block &body, const Block &orelse, BasicBlock *header,
                     BasicBlock *done, BasicBlock *exit) {
  loops.push_back({header, exit});
  block(body);
  loops.pop_back();
  jumpTo(header);
  ssa.sealBlock(header);
  loopElse(orelse, done, exit);
}

void IRGen::loopElse(const Block &orelse, BasicBlock *done, BasicBlock *exit) {
  // A loop's `else:` runs when it ends without `break` (`done`); a break
  // jumps to `exit`, after it.
  if (done != exit) {
    ssa.sealBlock(done);
    enter(done);
    block(orelse);
    jumpTo(exit);
  }
  ssa.sealBlock(exit);
  enter(exit);
  if (exit->predecessors().empty())
    b.ret(); // no path continues: the rest is dead
}

// One counter of a for loop: range(start, stop, step), enumerate's count
// (no stop), or the index of a 1-d array being iterated (value: the element).
struct IRGen::LoopStream {
  Value *start, *stop, *step; // int64 (a uint64 range's bits)
  bool stepKnown;
  int64_t constStep;
  Value *array;
  std::string var;
  bool isUnsigned = false; // a uint64 range (rangeIsUnsigned): compared unsigned
  // np.ndindex(dims), np.ndenumerate(array), a.flat, np.nditer(array): the
  // counter runs over the product of `dims`, and each value unravels it in C
  // order into an index tuple, (index tuple, element), the element or its
  // 0-d view.
  enum class Unravel { None, Index, Enumerate, Element, View } unravel = Unravel::None;
  std::vector<Value *> dims;
  bool fortranOrder = false; // np.nditer of an F array: memory order (numba's)
  const RValue *tuple = nullptr; // an iterator's tuple (iteratorStream)
};

// The shape of a for loop's value: a stream's value, or a tuple of them.
struct IRGen::LoopValue {
  int stream = -1;
  std::vector<LoopValue> elems;
  Type *type = nullptr;
};

// len(range(start, stop, step)) as uint64, exact for every int64 bound:
// for a positive step, start < stop ? (stop - start - 1) // step + 1 : 0,
// with the difference taken in uint64 (it cannot overflow there); mirrored
// for a negative step; a zero step (a ValueError in Python) gives 0.
Value *IRGen::tripCount(const LoopStream &st) {
  Type *i64 = ctx.int64();
  Type *u64 = ctx.uint64();
  Value *zero = b.constInt(i64, 0);
  // The step's sign is its int64 bits' (a uint64 range's too, as numba reads
  // it: range(np.uint64(5), 0, -1) counts down); 0 is refused or counts none.
  Value *up = st.stepKnown ? b.constBool(st.constStep > 0)
                           : b.cmp(CmpPredicate::Gt, st.step, zero);
  Value *lo = b.select(up, st.start, st.stop);
  Value *hi = b.select(up, st.stop, st.start);
  Value *nonEmpty = st.isUnsigned ? b.cmp(CmpPredicate::Lt, b.cast(lo, u64), b.cast(hi, u64))
                                  : b.cmp(CmpPredicate::Lt, lo, hi);
  if (!st.stepKnown)
    nonEmpty = b.select(b.cmp(CmpPredicate::Ne, st.step, zero), nonEmpty, b.constBool(false));
  Value *span = b.binary(Opcode::Sub, b.cast(hi, u64), b.cast(lo, u64));
  Value *count = span; // step 1 or -1: the span itself
  if (!st.stepKnown || (st.constStep != 1 && st.constStep != -1)) {
    Value *stepU = b.cast(st.step, u64);
    Value *magnitude = b.select(up, stepU, b.binary(Opcode::Sub, b.constInt(u64, 0), stepU));
    if (!st.stepKnown) // never divide by zero (the count is 0 then anyway)
      magnitude = b.select(nonEmpty, magnitude, b.constInt(u64, 1));
    Value *one = b.constInt(u64, 1);
    count = b.binary(Opcode::Add,
                     b.binary(Opcode::FloorDiv, b.binary(Opcode::Sub, span, one), magnitude), one);
  }
  return b.select(nonEmpty, count, b.constInt(u64, 0));
}

/// The stream of range(stop) or range(start, stop[, step]) (a zero step
/// is ValueError where bounds are checked).
IRGen::LoopStream IRGen::rangeStream(const CallExpr &call) {
  Type *i64 = ctx.int64();
  LoopStream st{nullptr, nullptr, nullptr, true, 1, nullptr, temp("iv")};
  std::vector<const ExprInfo *> argInfos;
  for (const ExprPtr &a : call.args)
    argInfos.push_back(&info(*a));
  st.isUnsigned = rangeIsUnsigned(ctx, argInfos);
  // A uint64 range counts in the same int64 bits (addition wraps alike);
  // its bounds convert from uint64 and compare unsigned (tripCount).
  auto bound = [&](const Expr &x) {
    return st.isUnsigned ? b.cast(scalar(x, ctx.uint64()), i64) : scalar(x, i64);
  };
  if (call.args.size() == 1) {
    st.start = b.constInt(i64, 0);
    st.stop = bound(*call.args[0]);
  } else {
    st.start = bound(*call.args[0]);
    st.stop = bound(*call.args[1]);
  }
  if (call.args.size() == 3) {
    const ExprInfo &si = info(*call.args[2]);
    if (si.constant && si.constant->kind == GlobalValue::Kind::Int)
      st.constStep = si.constant->i;
    else
      st.stepKnown = false;
    st.step = bound(*call.args[2]);
    if (boundsCheck && !st.stepKnown) // (a constant 0 is a compile error)
      raiseUnless(b.cmp(CmpPredicate::Ne, st.step, b.constInt(i64, 0)), "ValueError",
                  "range() arg 3 must not be zero", {}, call.args[2]->range().begin);
  } else {
    st.step = b.constInt(i64, 1);
  }
  return st;
}

IRGen::LoopStream IRGen::rangeStreamOf(const Expr &e) {
  auto *rt = dyn_cast<RangeType>(info(e).type);
  if (!rt)
    return rangeStream(cast<CallExpr>(e));
  // A range object: its start, stop and step as they are (its step was
  // checked when it was made).
  RValue r = gen(e);
  Type *i64 = ctx.int64();
  LoopStream st{nullptr, nullptr, nullptr, false, 1, nullptr, temp("iv")};
  st.isUnsigned = rt->element() != i64;
  st.start = b.cast(r.elems.at(0).value, i64);
  st.stop = b.cast(r.elems.at(1).value, i64);
  st.step = b.cast(r.elems.at(2).value, i64);
  return st;
}

RValue IRGen::rangeObject(const CallExpr &call) {
  LoopStream st = rangeStream(call);
  Type *element = cast<RangeType>(info(call).type)->element();
  RValue r;
  r.type = info(call).type;
  for (Value *v : {st.start, st.stop, st.step})
    r.elems.push_back(RValue::of(b.cast(v, element)));
  return r;
}

/// len(range(..)) or len(r) of a range object, int64; past INT64_MAX
/// Python's OverflowError where bounds are checked.
Value *IRGen::rangeLength(const Expr &range) {
  LoopStream st = rangeStreamOf(range);
  b.setLoc(range.range().begin);
  Value *count = tripCount(st);
  if (boundsCheck)
    raiseUnless(b.cmp(CmpPredicate::Le, count, b.constInt(ctx.uint64(), INT64_MAX)),
                "OverflowError", "Python int too large to convert to C ssize_t", {},
                range.range().begin);
  return b.cast(count, ctx.int64());
}

/// `x in range(..)` (e.ops[0] In or NotIn): numba's range contains: a
/// whole real number x within the bounds and a whole number of steps from
/// start (a float or complex x as the int it equals; NaN, infinities,
/// fractions and non-zero imaginary parts are in no range).
Value *IRGen::rangeContains(const CompareExpr &e) {
  Type *i64 = ctx.int64(), *u64 = ctx.uint64(), *f64 = ctx.float64();
  Type *xt = info(*e.operands[0]).type;
  Value *x = gen(*e.operands[0]).value;
  LoopStream st = rangeStreamOf(*e.operands[1]);
  b.setLoc(e.range().begin);
  Value *no = b.constBool(false);
  auto both = [&](Value *p, Value *q) { return b.select(p, q, no); };
  Value *ok = b.constBool(true);
  if (auto *ct = dyn_cast<ComplexType>(xt)) {
    Type *part = ctx.floatTy(ct->partBits());
    ok = b.cmp(CmpPredicate::Eq, numberPart(x, xt, true, part), b.constFloat(part, 0.0));
    x = numberPart(x, xt, false, part);
    xt = part;
  }
  Value *xi;
  if (isa<FloatType>(xt)) {
    Value *xf = b.cast(x, f64);
    Value *whole = b.cmp(CmpPredicate::Eq, xf, mathOp(b, ctx, MathFn::TruncF, {xf}));
    // Within the range's integer type (NaN and infinities are not), so the
    // conversion is exact.
    double lo = st.isUnsigned ? 0.0 : -9223372036854775808.0;
    double hi = st.isUnsigned ? 18446744073709551616.0 : 9223372036854775808.0;
    Value *within = both(b.cmp(CmpPredicate::Ge, xf, b.constFloat(f64, lo)),
                         b.cmp(CmpPredicate::Lt, xf, b.constFloat(f64, hi)));
    ok = both(ok, both(within, whole));
    xi = st.isUnsigned ? b.cast(b.cast(xf, u64), i64) : b.cast(xf, i64);
  } else {
    // An integer (or bool) outside the range's type is in none of its ranges.
    bool xUnsigned = isa<IntType>(xt) && !cast<IntType>(xt)->isSigned();
    xi = b.cast(x, i64);
    if (st.isUnsigned && !xUnsigned)
      ok = b.cmp(CmpPredicate::Ge, xi, b.constInt(i64, 0));
    if (!st.isUnsigned && xUnsigned)
      ok = b.cmp(CmpPredicate::Le, b.cast(x, u64), b.constInt(u64, INT64_MAX));
  }
  auto lt = [&](Value *p, Value *q) {
    return st.isUnsigned ? b.cmp(CmpPredicate::Lt, b.cast(p, u64), b.cast(q, u64))
                         : b.cmp(CmpPredicate::Lt, p, q);
  };
  auto le = [&](Value *p, Value *q) { return b.unary(Opcode::Not, lt(q, p)); };
  Value *zero = b.constInt(i64, 0);
  Value *up = st.stepKnown ? b.constBool(st.constStep > 0) // (signed, as in tripCount)
                           : b.cmp(CmpPredicate::Gt, st.step, zero);
  Value *within = b.select(up, both(le(st.start, xi), lt(xi, st.stop)),
                           both(lt(st.stop, xi), le(xi, st.start)));
  // |x - start| and |step| in uint64 (no overflow there); a zero step (a
  // ValueError in Python) contains nothing.
  Value *distance = b.cast(b.select(up, b.binary(Opcode::Sub, xi, st.start),
                                    b.binary(Opcode::Sub, st.start, xi)), u64);
  Value *magnitude = b.cast(b.select(up, st.step, b.binary(Opcode::Sub, zero, st.step)), u64);
  Value *nonzero = b.cmp(CmpPredicate::Ne, magnitude, b.constInt(u64, 0));
  magnitude = b.select(nonzero, magnitude, b.constInt(u64, 1));
  Value *onStep = b.cmp(CmpPredicate::Eq, b.binary(Opcode::Mod, distance, magnitude),
                        b.constInt(u64, 0));
  Value *found = both(ok, both(within, both(nonzero, onStep)));
  return e.ops[0] == CompareOp::In ? found : b.unary(Opcode::Not, found);
}

IRGen::LoopValue IRGen::loopStreams(const Expr &iter, std::vector<LoopStream> &streams) {
  Type *i64 = ctx.int64();
  auto *call = dyn_cast<CallExpr>(&iter);
  llvm::StringRef callee;
  if (call)
    if (auto *bt = llvm::dyn_cast_or_null<BuiltinType>(info(*call->callee).type))
      callee = bt->path();
  LoopValue v;
  if (callee == "enumerate") {
    Value *start = call->args.size() == 2 ? scalar(*call->args[1], i64) : b.constInt(i64, 0);
    streams.push_back({start, nullptr, b.constInt(i64, 1), true, 1, nullptr, temp("count")});
    LoopValue count;
    count.stream = static_cast<int>(streams.size() - 1);
    count.type = i64;
    LoopValue inner = loopStreams(*call->args[0], streams);
    v.type = ctx.tuple({i64, inner.type});
    v.elems = {count, inner};
    return v;
  }
  if (callee == "zip") {
    std::vector<Type *> types;
    for (const ExprPtr &a : call->args) {
      v.elems.push_back(loopStreams(*a, streams));
      types.push_back(v.elems.back().type);
    }
    v.type = ctx.tuple(types);
    return v;
  }
  if (callee == "numpy.ndindex" || callee == "numpy.ndenumerate" || callee == "numpy.nditer" ||
      llvm::isa_and_nonnull<FlatIterType>(info(iter).type)) {
    streams.push_back(unravelStream(iter, callee));
    v.stream = static_cast<int>(streams.size() - 1);
    const LoopStream &st = streams.back();
    std::vector<Type *> index(st.dims.size(), i64);
    Type *element = nullptr;
    if (st.array) {
      auto *at = cast<ArrayType>(st.array->type());
      element = firstAxisElement(ctx, ctx.array(at->dtype(), 1, Layout::C, at->readonly()));
    }
    if (st.unravel == LoopStream::Unravel::View) {
      auto *at = cast<ArrayType>(st.array->type());
      element = ctx.array(at->dtype(), 0, Layout::C, at->readonly());
    }
    v.type = st.unravel == LoopStream::Unravel::Index       ? ctx.tuple(index)
             : st.unravel == LoopStream::Unravel::Enumerate ? ctx.tuple({ctx.tuple(index), element})
                                                            : element;
    return v;
  }
  LoopStream st{nullptr, nullptr, nullptr, true, 1, nullptr, temp("iv")};
  if (callee == "range" || isa<RangeType>(info(iter).type)) { // range(..), a range object
    st = rangeStreamOf(iter);
    v.type = st.isUnsigned ? ctx.uint64() : i64;
  } else {
    // An array: its elements in order (1-d), or its views a[0], a[1], ...
    st.array = gen(iter).value;
    st.start = b.constInt(i64, 0);
    st.stop = b.arrayShape(st.array, 0);
    st.step = b.constInt(i64, 1);
    auto *at = cast<ArrayType>(st.array->type());
    v.type = firstAxisElement(ctx, at);
  }
  streams.push_back(st);
  v.stream = static_cast<int>(streams.size() - 1);
  return v;
}

/// The stream of np.ndindex(...), np.ndenumerate(a), np.nditer(a) (\p callee)
/// or a.flat (\p iter, \p callee empty): k = 0, 1, .. below the product of
/// the extents; none if one is not positive (np.ndindex: NumPy's ValueError for
/// a negative one, when bounds are checked).
IRGen::LoopStream IRGen::unravelStream(const Expr &iter, llvm::StringRef callee) {
  Type *i64 = ctx.int64();
  LoopStream st{b.constInt(i64, 0), nullptr, b.constInt(i64, 1), true, 1, nullptr, temp("flat")};
  auto *call = dyn_cast<CallExpr>(&iter);
  if (callee == "numpy.ndindex") {
    st.unravel = LoopStream::Unravel::Index;
    for (const ExprPtr &a : call->args) {
      auto *starred = dyn_cast<StarredExpr>(a.get());
      const Expr &x = starred ? *starred->value : *a;
      if (!isa<TupleType>(info(x).type)) {
        st.dims.push_back(scalar(x, i64));
        continue;
      }
      for (const RValue &item : gen(x).elems)
        st.dims.push_back(castTo(item, i64));
    }
  } else {
    st.unravel = callee.empty()              ? LoopStream::Unravel::Element
                 : callee == "numpy.nditer" ? LoopStream::Unravel::View
                                            : LoopStream::Unravel::Enumerate;
    st.array = callee.empty() ? flatArray(iter) : gen(*call->args[0]).value;
    for (unsigned d = 0; d < cast<ArrayType>(st.array->type())->ndim(); ++d)
      st.dims.push_back(b.arrayShape(st.array, d));
    st.fortranOrder = st.unravel == LoopStream::Unravel::View &&
                      cast<ArrayType>(st.array->type())->layout() == Layout::F;
  }
  b.setLoc(iter.range().begin);
  Value *zero = b.constInt(i64, 0);
  // The product, saturated at INT64_MAX (np.ndindex(2**32, 2**32) still
  // starts at (0, 0); no loop reaches the end of that).
  Value *count = nullptr;
  Value *positive = b.constBool(true), *negative = b.constBool(false);
  Value *max = b.constInt(i64, INT64_MAX), *one = b.constInt(i64, 1);
  for (Value *d : st.dims) {
    if (count) {
      Value *divisor = b.select(b.cmp(CmpPredicate::Gt, d, zero), d, one);
      Value *fits = b.cmp(CmpPredicate::Le, count, b.binary(Opcode::FloorDiv, max, divisor));
      count = b.select(fits, b.binary(Opcode::Mul, count, d), max);
    } else {
      count = d;
    }
    positive = b.select(positive, b.cmp(CmpPredicate::Gt, d, zero), positive);
    negative = b.select(negative, negative, b.cmp(CmpPredicate::Lt, d, zero));
  }
  if (boundsCheck && callee == "numpy.ndindex")
    raiseUnless(b.unary(Opcode::Not, negative), "ValueError", "negative dimensions are not allowed",
                {}, iter.range().begin);
  st.stop = st.dims.empty() ? b.constInt(i64, 1) : b.select(positive, count, zero);
  return st;
}

RValue IRGen::loopValue(const LoopValue &v, const std::vector<LoopStream> &streams,
                        const std::vector<Value *> &ivs) {
  if (v.stream < 0) {
    RValue r;
    r.type = v.type;
    for (const LoopValue &e : v.elems)
      r.elems.push_back(loopValue(e, streams, ivs));
    return r;
  }
  const LoopStream &st = streams[v.stream];
  if (st.unravel != LoopStream::Unravel::None) {
    std::vector<Value *> idx;
    if (st.fortranOrder) { // the first index varies fastest
      idx = unravel(ivs[v.stream], std::vector<Value *>(st.dims.rbegin(), st.dims.rend()));
      std::reverse(idx.begin(), idx.end());
    } else {
      idx = unravel(ivs[v.stream], st.dims);
    }
    RValue index;
    index.type = ctx.tuple(std::vector<Type *>(idx.size(), ctx.int64()));
    for (Value *i : idx)
      index.elems.push_back(RValue::of(i));
    if (st.unravel == LoopStream::Unravel::Index)
      return index;
    if (st.unravel == LoopStream::Unravel::View) { // every dimension indexed: a 0-d view
      std::vector<Value *> ops{st.array};
      ops.insert(ops.end(), idx.begin(), idx.end());
      Instruction *view = b.create(Opcode::ArrayView, v.type, ops);
      view->intImm = 0;
      return RValue::of(view);
    }
    auto *at = cast<ArrayType>(st.array->type());
    Type *t = firstAxisElement(ctx, ctx.array(at->dtype(), 1, Layout::C, at->readonly()));
    RValue element = isa<RecordType>(t) ? recordRefAt(st.array, idx, cast<RecordType>(t))
                                        : RValue::of(b.arrayLoad(st.array, idx));
    if (st.unravel == LoopStream::Unravel::Element)
      return element;
    RValue pair;
    pair.type = v.type;
    pair.elems = {index, element};
    return pair;
  }
  if (st.array)
    return firstAxisValue(st.array, ivs[v.stream]);
  if (st.isUnsigned) // the uint64 the int64 bits are
    return RValue::of(b.cast(ivs[v.stream], ctx.uint64()));
  return RValue::of(ivs[v.stream]);
}

RValue IRGen::firstAxisValue(Value *array, Value *k) {
  // a[k], 0 <= k < extent: the element of a 1-d array (a reference to a
  // record), else the row: k indexes dimension 0, the others are kept
  // whole (ArrayView's operands and bits as arrayView's).
  auto *at = cast<ArrayType>(array->type());
  Type *t = firstAxisElement(ctx, at);
  if (auto *rt = dyn_cast<RecordType>(t))
    return recordRefAt(array, {k}, rt);
  if (!isa<ArrayType>(t))
    return RValue::of(b.arrayLoad(array, {k}));
  Type *i64 = ctx.int64();
  std::vector<Value *> ops{array, k};
  int64_t bits = 0;
  for (unsigned d = 1; d < at->ndim(); ++d) {
    ops.insert(ops.end(), {b.constInt(i64, 0), b.constInt(i64, 0), b.constInt(i64, 1)});
    bits |= int64_t(1 | 2 | 4) << (3 * d);
  }
  Instruction *view = b.create(Opcode::ArrayView, t, ops);
  view->intImm = bits;
  return RValue::of(view);
}

void IRGen::forStmt(const ForStmt &s) {
  const Expr *iter = s.iter.get();
  if (auto it = typed->loopCalls.find(&s); it != typed->loopCalls.end()) {
    // zip(*t): the arguments into their temporaries, in order, then the
    // loop over the call that reads them (TypedFunction::loopCalls).
    for (const auto &[argument, temp] : it->second.temps)
      writeVar(temp, localType(temp), gen(*argument));
    iter = it->second.call.get();
  }
  if (isa<TupleType>(info(*iter).type)) {
    unrolledFor(s, *iter);
    return;
  }
  if (isa<IteratorType>(info(*iter).type)) {
    iteratorFor(s, *iter);
    return;
  }
  Type *i64 = ctx.int64();
  Type *u64 = ctx.uint64();
  std::vector<LoopStream> streams;
  LoopValue shape = loopStreams(*iter, streams);
  b.setLoc(s.range().begin);
  // Like Python (and numba), the number of iterations is computed before
  // the first one: the loop counts k = 0, 1, .. up to the shortest
  // stream's length. A counted loop has a trip count LLVM can see, so it
  // can unroll it, and no counter can overflow.
  Value *trips = nullptr;
  for (const LoopStream &st : streams) {
    if (!st.stop)
      continue; // enumerate's count never ends the loop
    Value *n = tripCount(st);
    trips = trips ? b.binary(Opcode::Min, trips, n) : n;
  }
  std::string counter = temp("trip");
  ssa.writeVariable(counter, cur(), b.constInt(u64, 0));
  for (const LoopStream &st : streams)
    ssa.writeVariable(st.var, cur(), st.start);
  BasicBlock *header = fn->createBlock();
  BasicBlock *body = fn->createBlock();
  BasicBlock *latch = fn->createBlock();
  BasicBlock *exit = fn->createBlock();
  BasicBlock *done = nullptr; // the loop's else, or exit
  // On the CPU backend (interruptible), a loop of more than
  // kInterruptChunk iterations runs in chunks of that many, with a read of
  // the Ctrl-C flag between two: the inner loop keeps one exit and a trip
  // count LLVM can see, so it still vectorizes and unrolls, and a loop of
  // one chunk reads no flag.
  BasicBlock *chunk = nullptr, *outerLatch = nullptr;
  Value *limit = trips;
  if (interruptible && trips) {
    chunk = fn->createBlock();
    outerLatch = fn->createBlock();
    done = s.orelse.empty() ? exit : fn->createBlock();
    b.br(chunk);
    enter(chunk);
    // k + min(trips - k, chunk), as k <= trips here.
    Value *k = ssa.readVariable(counter, u64, chunk);
    limit = b.binary(Opcode::Add, k,
                     b.binary(Opcode::Min, b.binary(Opcode::Sub, trips, k),
                              b.constInt(u64, kInterruptChunk)));
  }
  b.br(header);
  enter(header);
  b.setLoc(s.range().begin);
  std::vector<Value *> ivs;
  for (const LoopStream &st : streams)
    ivs.push_back(ssa.readVariable(st.var, i64, header));
  Value *k = ssa.readVariable(counter, u64, header);
  if (!done)
    done = s.orelse.empty() ? exit : fn->createBlock();
  b.condBr(limit ? b.cmp(CmpPredicate::Lt, k, limit) : b.constBool(true), body,
           outerLatch ? outerLatch : done);
  ssa.sealBlock(body);
  enter(body);
  assign(*s.target, loopValue(shape, streams, ivs));
  loops.push_back({latch, exit});
  block(s.body);
  loops.pop_back();
  jumpTo(latch);
  ssa.sealBlock(latch);
  enter(latch);
  b.setLoc(s.range().begin);
  if (!latch->predecessors().empty()) {
    for (const LoopStream &st : streams)
      ssa.writeVariable(st.var, latch,
                        b.binary(Opcode::Add, ssa.readVariable(st.var, i64, latch), st.step));
    ssa.writeVariable(counter, latch,
                      b.binary(Opcode::Add, ssa.readVariable(counter, u64, latch),
                               b.constInt(u64, 1)));
    b.br(header);
  } else {
    b.ret(); // the body never reaches the next iteration; latch is dead
  }
  ssa.sealBlock(header);
  if (outerLatch) { // the end of a chunk: more to run?
    ssa.sealBlock(outerLatch);
    enter(outerLatch);
    b.setLoc(s.range().begin);
    BasicBlock *check = fn->createBlock();
    b.condBr(b.cmp(CmpPredicate::Lt, ssa.readVariable(counter, u64, outerLatch), trips), check,
             done);
    ssa.sealBlock(check);
    enter(check);
    Instruction *stop = b.create(Opcode::Cuda, ctx.boolean(), {});
    stop->intImm = static_cast<int64_t>(CudaFn::InterruptedNow);
    raiseUnless(b.unary(Opcode::Not, stop), "KeyboardInterrupt",
                "Ctrl-C stopped the launch in a for loop", {}, s.range().begin);
    b.br(chunk);
    ssa.sealBlock(chunk);
  }
  loopElse(s.orelse, done, exit);
}

RValue IRGen::iteratorObject(const CallExpr &call) {
  RValue source = gen(*call.args.at(0));
  if (isa<IteratorType>(source.type)) // iter(it): it
    return source;
  b.setLoc(call.range().begin);
  Type *i64 = ctx.int64();
  Instruction *state = b.create(Opcode::AllocArray, iteratorState(), {b.constInt(i64, 1)});
  state->intImm = 5; // local memory, one array per iter() in the code (numba's alloca_once)
  b.arrayStore(state, {b.constInt(i64, 0)}, b.constInt(i64, 0));
  return RValue{info(call).type, nullptr, {RValue::of(state), source}};
}

IRGen::LoopStream IRGen::iteratorStream(const RValue &it) {
  Type *i64 = ctx.int64();
  const RValue &source = it.elems.at(1);
  LoopStream st{nullptr, nullptr, nullptr, false, 1, nullptr, temp("iv")};
  if (auto *tt = dyn_cast<TupleType>(cast<IteratorType>(it.type)->source())) {
    // A tuple's elements, selected by the position (iteratorItem).
    st.start = b.constInt(i64, 0);
    st.stop = b.constInt(i64, static_cast<int64_t>(tt->size()));
    st.step = b.constInt(i64, 1);
    st.stepKnown = true;
    st.tuple = &source;
  } else if (auto *rt = dyn_cast<RangeType>(cast<IteratorType>(it.type)->source())) {
    st.isUnsigned = rt->element() != i64;
    st.start = b.cast(source.elems.at(0).value, i64);
    st.stop = b.cast(source.elems.at(1).value, i64);
    st.step = b.cast(source.elems.at(2).value, i64);
  } else {
    st.array = source.value;
    st.start = b.constInt(i64, 0);
    st.stop = b.arrayShape(st.array, 0);
    st.step = b.constInt(i64, 1);
    st.stepKnown = true;
  }
  return st;
}

RValue IRGen::iteratorItem(const LoopStream &st, Value *k) {
  if (st.array)
    return firstAxisValue(st.array, k);
  if (st.tuple)
    return tupleElementAt(*st.tuple, k, /*text=*/false);
  Value *i = b.binary(Opcode::Add, st.start, b.binary(Opcode::Mul, k, st.step)); // (wraps)
  return RValue::of(st.isUnsigned ? b.cast(i, ctx.uint64()) : i);
}

Value *IRGen::iteratorPosition(const RValue &it, SourceLoc loc) {
  // An iterator variable that no iter() assigned on this path (Python's
  // UnboundLocalError) holds the null array, of extent 0: raise, not read
  // through it. Known 1 for the array iter() made: the check folds away.
  Value *state = it.elems.at(0).value;
  raiseUnless(b.cmp(CmpPredicate::Eq, b.arrayShape(state, 0), b.constInt(ctx.int64(), 1)),
              "UnboundLocalError", "an iterator is used where no iter() made it", {}, loc);
  return state;
}

RValue IRGen::iteratorNext(const CallExpr &call) {
  RValue it = gen(*call.args.at(0));
  b.setLoc(call.range().begin);
  Type *i64 = ctx.int64();
  LoopStream st = iteratorStream(it);
  Value *state = iteratorPosition(it, call.range().begin);
  Value *zero = b.constInt(i64, 0);
  Value *k = b.arrayLoad(state, {zero});
  raiseUnless(b.cmp(CmpPredicate::Lt, b.cast(k, ctx.uint64()), tripCount(st)), "StopIteration",
              "", {}, call.range().begin);
  b.arrayStore(state, {zero}, b.binary(Opcode::Add, k, b.constInt(i64, 1)));
  return iteratorItem(st, k);
}

// `for v in it` of an iterator: each iteration takes the next item, as
// next(it) does, so a next(it) in the body skips one, and a loop left by
// break leaves the rest to later loops and next() calls.
void IRGen::iteratorFor(const ForStmt &s, const Expr &iter) {
  RValue it = gen(iter);
  b.setLoc(s.range().begin);
  Type *i64 = ctx.int64();
  LoopStream st = iteratorStream(it);
  Value *trips = tripCount(st);
  Value *state = iteratorPosition(it, iter.range().begin);
  Value *zero = b.constInt(i64, 0);
  BasicBlock *header = fn->createBlock();
  BasicBlock *body = fn->createBlock();
  BasicBlock *exit = fn->createBlock();
  BasicBlock *done = s.orelse.empty() ? exit : fn->createBlock(); // the loop's else
  b.br(header);
  enter(header);
  b.setLoc(s.range().begin);
  Value *k = b.arrayLoad(state, {zero});
  b.condBr(b.cmp(CmpPredicate::Lt, b.cast(k, ctx.uint64()), trips), body, done);
  ssa.sealBlock(body);
  enter(body);
  // (no trip count LLVM could chunk: a loop over iter(...) checks for Ctrl-C
  // as a while loop does)
  interruptCheck("Ctrl-C stopped the launch in a for loop", s.range().begin);
  b.arrayStore(state, {zero}, b.binary(Opcode::Add, k, b.constInt(i64, 1)));
  assign(*s.target, iteratorItem(st, k));
  loopTail(s.body, s.orelse, header, done, exit);
}

/// The per-iteration values of enumerate(t[, start]) or zip(t1, t2, ...) of
/// tuples: ((start + k, t[k]), ...) or ((t1[k], t2[k], ...), ...).
RValue IRGen::tupleZip(const CallExpr &call, bool enumerate) {
  std::vector<RValue> tuples;
  for (size_t i = 0; i < (enumerate ? 1 : call.args.size()); ++i) {
    auto *inner = dyn_cast<CallExpr>(call.args[i].get());
    auto *fn = inner ? llvm::dyn_cast_or_null<BuiltinType>(info(*inner->callee).type) : nullptr;
    tuples.push_back(fn && fn->path() == "zip" ? tupleZip(*inner, false) // enumerate(zip(..))
                                               : gen(*call.args[i]));
  }
  Value *start = enumerate && call.args.size() == 2 ? scalar(*call.args[1], ctx.int64())
                                                    : b.constInt(ctx.int64(), 0);
  RValue r;
  r.type = info(call).type;
  auto *tt = cast<TupleType>(r.type);
  for (size_t k = 0; k < tt->size(); ++k) {
    RValue it;
    it.type = tt->elements()[k];
    if (enumerate)
      it.elems.push_back(RValue::of(
          b.binary(Opcode::Add, start, b.constInt(ctx.int64(), static_cast<int64_t>(k)))));
    for (const RValue &t : tuples)
      it.elems.push_back(t.elems[k]);
    r.elems.push_back(it);
  }
  return r;
}

// `for x in (a, b, c)`: the body once per element, in order.
void IRGen::unrolledFor(const ForStmt &s, const Expr &iter) {
  RValue tuple;
  auto *call = dyn_cast<CallExpr>(&iter);
  auto *callee = call ? llvm::dyn_cast_or_null<BuiltinType>(info(*call->callee).type) : nullptr;
  if (callee && (callee->path() == "enumerate" || callee->path() == "zip"))
    tuple = tupleZip(*call, callee->path() == "enumerate");
  else
    tuple = gen(iter);
  BasicBlock *exit = fn->createBlock();
  BasicBlock *done = s.orelse.empty() ? exit : fn->createBlock(); // the loop's else
  for (const RValue &elem : tuple.elems) {
    if (!reachable())
      break;
    BasicBlock *next = fn->createBlock();
    assign(*s.target, elem);
    loops.push_back({next, exit});
    block(s.body);
    loops.pop_back();
    jumpTo(next);
    ssa.sealBlock(next);
    enter(next);
    if (next->predecessors().empty())
      b.ret(); // no path continues: the rest is dead
  }
  jumpTo(done);
  loopElse(s.orelse, done, exit);
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

RValue IRGen::gen(const Expr &e) {
  SourceLoc saved = b.currentLoc();
  b.setLoc(e.range().begin);
  RValue v = genImpl(e);
  if (typed->optionalReads.count(&e) && isa<OptionalType>(v.type))
    v = optionalValue(v, e.range().begin);
  if (const ExprInfo &ei = info(e); !v.value && ei.constant && ei.constant->isString())
    v.text = &ei.constant->data; // (nothing at run time until castTo makes it an item)
  b.setLoc(saved);
  return v;
}

RValue IRGen::optionalValue(const RValue &v, SourceLoc loc) {
  // An Optional read as its number: None there is numba's TypeError
  // ("expected int64, got None"), which stops the thread (reported in debug
  // mode, as pyjit reports raises).
  Type *inner = cast<OptionalType>(v.type)->inner();
  Value *present = v.elems.at(0).value;
  if (debug) {
    raiseUnless(present, "TypeError", "expected " + inner->str() + ", got None", {}, loc);
  } else {
    BasicBlock *none = fn->createBlock(), *next = fn->createBlock();
    b.condBr(present, next, none);
    ssa.sealBlock(none);
    enter(none);
    b.stop();
    ssa.sealBlock(next);
    enter(next);
  }
  return v.elems.at(1);
}

RValue IRGen::constantValue(const GlobalValue &c, Type *type) {
  if (c.kind == GlobalValue::Kind::ConstArray && c.name == "R") {
    // A record scalar: element 0 of a 1-element array in constant memory.
    auto *rt = cast<RecordType>(type);
    Value *zero = b.constInt(ctx.int64(), 0);
    Instruction *alloc = b.create(Opcode::AllocArray,
                                  ctx.array(rt, 1, Layout::C, /*readonly=*/true),
                                  {b.constInt(ctx.int64(), 1)});
    alloc->intImm = 4; // constant memory, initialized with `text`
    alloc->text = c.data;
    return recordRefAt(alloc, {zero}, rt);
  }
  if (c.kind == GlobalValue::Kind::ConstArray) {
    // An F-contiguous array is the transpose of the C-contiguous one of
    // reversed extents that its bytes (memory order) make.
    bool fortran = c.name == "F";
    std::vector<Value *> extents;
    for (int64_t d : c.shape)
      extents.push_back(b.constInt(ctx.int64(), d));
    auto *at = cast<ArrayType>(type);
    if (fortran)
      std::reverse(extents.begin(), extents.end());
    Type *stored = fortran ? ctx.array(at->dtype(), at->ndim(), Layout::C, /*readonly=*/true) : type;
    Instruction *alloc = b.create(Opcode::AllocArray, stored, extents);
    alloc->intImm = 4; // constant memory, initialized with `text`
    alloc->text = c.data;
    if (fortran)
      return RValue::of(b.create(Opcode::ArrayTranspose, type, {alloc}));
    return RValue::of(alloc);
  }
  if (c.kind == GlobalValue::Kind::DeviceArray) {
    // A global device array: its address, extents and byte strides.
    Type *i64 = ctx.int64();
    std::vector<Value *> ops{b.constInt(ctx.uint64(), c.i)};
    for (int64_t d : c.shape)
      ops.push_back(b.constInt(i64, d));
    for (int64_t s : c.strides)
      ops.push_back(b.constInt(i64, s));
    return RValue::of(b.create(Opcode::GlobalArray, type, ops));
  }
  if (c.isString()) { // a global tuple's string: its text (gen)
    RValue r{type, nullptr, {}};
    r.text = &c.data;
    return r;
  }
  if (c.kind == GlobalValue::Kind::DeviceFunction || c.kind == GlobalValue::Kind::None)
    return RValue{type, nullptr, {}}; // (a compile-time value: nothing at run time)
  if (c.kind != GlobalValue::Kind::Tuple)
    return RValue::of(constant(c, type));
  RValue r;
  r.type = type;
  auto *tt = cast<TupleType>(type);
  for (size_t k = 0; k < c.elements.size(); ++k)
    r.elems.push_back(constantValue(c.elements[k], tt->elements()[k]));
  return r;
}

void IRGen::effectsOf(const Expr &e) {
  // The calls inside an expression whose value was decided when compiling
  // (`f(a) is None`, `(g(a), 1) == (1,)`, `len((g(a), 2))`) still run, in
  // order, as Python runs them; their values are not used. So do the reads
  // of a value that may be None as its number (`(y + 1) is None`): None
  // there is numba's TypeError, as where the value is used.
  auto each = [&](const Expr &c) {
    if ((isa<CallExpr>(c) || typed->optionalReads.count(&c)) && !info(c).constant)
      gen(c);
    else
      effectsOf(c);
  };
  switch (e.kind()) {
  case Expr::Kind::Compare:
    for (const ExprPtr &o : cast<CompareExpr>(e).operands)
      each(*o);
    return;
  case Expr::Kind::Call:
    for (const ExprPtr &a : cast<CallExpr>(e).args)
      each(*a);
    return;
  case Expr::Kind::Tuple:
    for (const ExprPtr &x : cast<TupleExpr>(e).elts)
      each(*x);
    return;
  case Expr::Kind::Unary:
    each(*cast<UnaryExpr>(e).operand);
    return;
  case Expr::Kind::BoolOp: { // up to the operand that decided it
    auto &bo = cast<BoolOpExpr>(e);
    for (const ExprPtr &v : bo.values) {
      each(*v);
      std::optional<bool> known = constantCondition(*v);
      if (known && endsChain(bo.op, *known))
        break;
    }
    return;
  }
  case Expr::Kind::Binary:
    each(*cast<BinaryExpr>(e).lhs);
    each(*cast<BinaryExpr>(e).rhs);
    return;
  case Expr::Kind::Subscript:
    each(*cast<SubscriptExpr>(e).value);
    return;
  default:
    return;
  }
}

RValue IRGen::genImpl(const Expr &e) {
  const ExprInfo &ei = info(e);
  if (auto it = typed->dim3Values.find(&e); it != typed->dim3Values.end()) {
    // cuda.threadIdx as a value (Inferer::valueOf): Dim3(x, y, z).
    llvm::StringRef which = it->second;
    int base = which == "threadIdx"  ? static_cast<int>(SpecialReg::TidX)
               : which == "blockDim" ? static_cast<int>(SpecialReg::NtidX)
               : which == "blockIdx" ? static_cast<int>(SpecialReg::CtaidX)
                                     : static_cast<int>(SpecialReg::NctaidX);
    RValue r;
    r.type = ei.type;
    for (int axis = 0; axis < 3; ++axis)
      r.elems.push_back(RValue::of(b.sreg(static_cast<SpecialReg>(base + axis))));
    return r;
  }
  if (ei.constant && ei.constant->isString() && isa<BinaryExpr>(e)) {
    effectsOf(e); // "a" + "b": a compile-time string, as a literal (gen() gives its text)
    return RValue{ei.type, nullptr, {}};
  }
  if (ei.constant && ei.type &&
      (ei.type->isScalar() || isa<TupleType, DatetimeType>(ei.type) ||
       ei.constant->kind == GlobalValue::Kind::ConstArray ||
       ei.constant->kind == GlobalValue::Kind::DeviceArray)) {
    effectsOf(e);
    return constantValue(*ei.constant, ei.type);
  }
  switch (e.kind()) {
  case Expr::Kind::NoneLit:
    return RValue{ctx.none(), nullptr, {}}; // an argument for a None parameter
  case Expr::Kind::StrLit: // a compile-time string (an argument): nothing at run time
    return RValue{ei.type, nullptr, {}};
  case Expr::Kind::Name: {
    auto &n = cast<NameExpr>(e);
    RValue v;
    if (typed->locals.count(n.name)) {
      v = readVar(n.name, localType(n.name));
    } else if (auto it = typed->freeVars.find(n.name); it != typed->freeVars.end()) {
      auto where = definingPrefix.find(typed->def);
      if (where == definingPrefix.end()) {
        // A closure called inside a function of its own (a recursive device
        // function it was passed to): its definer's variables are not there.
        diags.error(n.range(), "nested function '" + typed->def->name + "' reads '" + n.name +
                                   "' of the function defining it, which a recursive device "
                                   "function it was passed to cannot reach (it is compiled as a "
                                   "function of its own)");
        return readVarAt("$unreachable.", n.name, it->second); // (zeros: the compile fails)
      } else {
        v = readVarAt(where->second, n.name, it->second);
      }
    } else {
      return RValue{ei.type, nullptr, {}}; // a module or function: no run-time value
    }
    // No assignment on any path to here (Python: UnboundLocalError). One on
    // some paths only reads as zero on the others.
    bool undefined = v.value ? ssa.isUndefined(v.value) : !v.elems.empty();
    for (const RValue &el : v.elems)
      undefined = undefined && el.value && ssa.isUndefined(el.value);
    if (undefined)
      diags.error(e.range(), "local variable '" + n.name + "' is read before any assignment "
                             "to it (Python raises UnboundLocalError)");
    return v;
  }
  case Expr::Kind::Attribute:
    return attribute(cast<AttributeExpr>(e));
  case Expr::Kind::Subscript:
    return subscript(cast<SubscriptExpr>(e));
  case Expr::Kind::Call:
    return call(cast<CallExpr>(e));
  case Expr::Kind::Binary: {
    auto &be = cast<BinaryExpr>(e);
    const ExprInfo &li = info(*be.lhs), &ri = info(*be.rhs);
    RValue l = gen(*be.lhs), r = gen(*be.rhs);
    if (isa<TupleType>(ei.type))
      return tupleOperator(be.op, l, r, ei.type);
    if (isa<DatetimeType>(li.type) || isa<DatetimeType>(ri.type))
      return datetimeBinary(be.op, l, r, ei.type);
    return binary(be.op, l, operandOf(li), r, operandOf(ri), ei.type);
  }
  case Expr::Kind::Unary: {
    auto &u = cast<UnaryExpr>(e);
    RValue o = gen(*u.operand);
    switch (u.op) {
    case UnaryOp::Not:
      return RValue::of(b.unary(Opcode::Not, truthy(o)));
    case UnaryOp::Pos:
      return RValue::of(castTo(o, ei.type));
    case UnaryOp::Neg:
      if (isa<DatetimeType>(ei.type))
        return RValue::of(timedeltaNegate(o.value));
      [[fallthrough]];
    case UnaryOp::Invert: {
      if (isa<BoolType>(ei.type)) // ~flag: logical not
        return RValue::of(b.unary(Opcode::Not, castTo(o, ei.type)));
      Opcode opc = u.op == UnaryOp::Neg ? Opcode::Neg : Opcode::Invert;
      // numba negates and inverts in the operand's own width, then widens:
      // -uint8(5) is 251, ~uint8(0) 255, -int8(-128) -128.
      if (auto *it = o.value ? dyn_cast<IntType>(o.value->type()) : nullptr;
          it && it->bits() < 64 && isa<IntType>(ei.type))
        return RValue::of(b.cast(b.unary(opc, o.value), ei.type));
      return RValue::of(b.unary(opc, castTo(o, ei.type)));
    }
    }
    return {};
  }
  case Expr::Kind::Compare:
    return compare(cast<CompareExpr>(e));
  case Expr::Kind::BoolOp:
    return shortCircuit(cast<BoolOpExpr>(e));
  case Expr::Kind::IfExp:
    return ifExp(cast<IfExpExpr>(e));
  case Expr::Kind::Tuple: {
    RValue r;
    r.type = ei.type;
    for (const ExprPtr &x : cast<TupleExpr>(e).elts) {
      if (auto *s = dyn_cast<StarredExpr>(x.get())) { // (1, *t)
        RValue spliced = gen(*s->value);
        llvm::append_range(r.elems, spliced.elems);
        continue;
      }
      r.elems.push_back(gen(*x));
    }
    return r;
  }
  default:
    diags.error(e.range(), "this expression is not supported in kernels");
    return {};
  }
}

RValue IRGen::numpyBinary(BinaryOp op, const RValue &l, TypedOperand lt, const RValue &r,
                          TypedOperand rt, Type *resultType) {
  llvm::SaveAndRestore<bool> numpyErrors(debug, false);
  RValue q = binary(op, l, lt, r, rt, resultType);
  auto *ct = dyn_cast<ComplexType>(resultType);
  if (!ct || (op != BinaryOp::TrueDiv && op != BinaryOp::Pow))
    return q;
  // NumPy's complex loops by a zero (numpy/_core/src/umath/loops.c.src and
  // npy_math's npy_cpow): x / 0j is (x.real / |0|, x.imag / |0|), inf or
  // NaN parts; 0j ** y is 1 for y == 0, 0 for a positive real y, else
  // nan+nanj.
  Type *part = ctx.floatTy(ct->partBits());
  Value *zero = b.constFloat(part, 0.0);
  auto isZero = [&](Value *z) {
    auto [re, im] = complexParts(z);
    return b.select(b.cmp(CmpPredicate::Eq, re, zero), b.cmp(CmpPredicate::Eq, im, zero),
                    b.constBool(false));
  };
  Value *x = castTo(l, resultType), *y = castTo(r, resultType);
  if (op == BinaryOp::TrueDiv) {
    auto [xr, xi] = complexParts(x);
    auto [yr, yi] = complexParts(y);
    Value *d = b.unary(Opcode::Abs, yr);
    Value *byZero = b.create(Opcode::ComplexMake, resultType,
                             {b.binary(Opcode::TrueDiv, xr, d), b.binary(Opcode::TrueDiv, xi, d)});
    return RValue::of(b.select(isZero(y), byZero, q.value));
  }
  auto [yr, yi] = complexParts(y);
  Value *nan = b.constFloat(part, std::numeric_limits<double>::quiet_NaN());
  Value *positiveReal = b.select(b.cmp(CmpPredicate::Gt, yr, zero),
                                 b.cmp(CmpPredicate::Eq, yi, zero), b.constBool(false));
  Value *zeroBase = b.select(positiveReal, b.create(Opcode::ComplexMake, resultType, {zero, zero}),
                             b.create(Opcode::ComplexMake, resultType, {nan, nan}));
  Value *one = b.create(Opcode::ComplexMake, resultType, {b.constFloat(part, 1.0), zero});
  Value *r0 = b.select(isZero(x), zeroBase, q.value);
  return RValue::of(b.select(isZero(y), one, r0));
}

RValue IRGen::binary(BinaryOp op, const RValue &l, TypedOperand lt, const RValue &r,
                     TypedOperand rt, Type *resultType) {
  Opcode opc;
  switch (op) {
  case BinaryOp::Add: opc = Opcode::Add; break;
  case BinaryOp::Sub: opc = Opcode::Sub; break;
  case BinaryOp::Mul: opc = Opcode::Mul; break;
  case BinaryOp::TrueDiv: opc = Opcode::TrueDiv; break;
  case BinaryOp::FloorDiv: opc = Opcode::FloorDiv; break;
  case BinaryOp::Mod: opc = Opcode::Mod; break;
  case BinaryOp::Pow: opc = Opcode::Pow; break;
  case BinaryOp::BitAnd: opc = Opcode::BitAnd; break;
  case BinaryOp::BitOr: opc = Opcode::BitOr; break;
  case BinaryOp::BitXor: opc = Opcode::BitXor; break;
  case BinaryOp::Shl: opc = Opcode::Shl; break;
  case BinaryOp::Shr: opc = Opcode::Shr; break;
  default:
    return {};
  }
  // Both operands are converted to the result type (TypeRules).
  Value *lv = castTo(l, resultType), *rv = castTo(r, resultType);
  auto *complexType = dyn_cast<ComplexType>(resultType);
  bool divides = opc == Opcode::TrueDiv || opc == Opcode::FloorDiv || opc == Opcode::Mod;
  if (debug && !numpyErrors && opc == Opcode::Pow &&
      (isa<IntType>(resultType) || (isa<FloatType>(resultType) && !fastFloats))) {
    // debug=True: 0 ** negative raises, as in Python.
    Value *zero = isa<IntType>(resultType) ? b.constInt(resultType, 0)
                                           : b.constFloat(resultType, 0.0);
    Value *zeroBase = b.cmp(CmpPredicate::Eq, lv, zero);
    raiseUnless(b.unary(Opcode::Not, b.select(zeroBase, b.cmp(CmpPredicate::Lt, rv, zero),
                                              b.constBool(false))),
                "ZeroDivisionError", "0.0 cannot be raised to a negative power", {},
                b.currentLoc());
  }
  if (debug && !numpyErrors && opc == Opcode::Pow && complexType && !fastFloats) {
    // debug=True: 0j ** y with a negative real part or any imaginary part
    // raises, as CPython's complex_pow.
    Type *part = ctx.floatTy(complexType->partBits());
    auto partOf = [&](Value *z, int k) {
      Instruction *p = b.create(Opcode::ComplexPart, part, {z});
      p->intImm = k;
      return p;
    };
    Value *zero = b.constFloat(part, 0.0);
    Value *zeroBase = b.select(b.cmp(CmpPredicate::Eq, partOf(lv, 0), zero),
                               b.cmp(CmpPredicate::Eq, partOf(lv, 1), zero), b.constBool(false));
    Value *badExponent = b.select(b.cmp(CmpPredicate::Lt, partOf(rv, 0), zero), b.constBool(true),
                                  b.cmp(CmpPredicate::Ne, partOf(rv, 1), zero));
    raiseUnless(b.unary(Opcode::Not, b.select(zeroBase, badExponent, b.constBool(false))),
                "ZeroDivisionError", "0.0 to a negative or complex power", {}, b.currentLoc());
  }
  if (debug && divides && complexType && opc == Opcode::TrueDiv && !fastFloats) {
    // debug=True: complex division by zero raises, as in Python; with
    // numpyErrors too (numba's complex division raises whatever the error
    // model: numba/cpython/numbers.py, complex_div_impl).
    Type *part = ctx.floatTy(complexType->partBits());
    Instruction *re = b.create(Opcode::ComplexPart, part, {rv});
    re->intImm = 0;
    Instruction *im = b.create(Opcode::ComplexPart, part, {rv});
    im->intImm = 1;
    Value *zero = b.constFloat(part, 0.0);
    raiseUnless(b.unary(Opcode::Not, b.select(b.cmp(CmpPredicate::Eq, re, zero),
                                              b.cmp(CmpPredicate::Eq, im, zero),
                                              b.constBool(false))),
                "ZeroDivisionError", "complex division by zero", {}, b.currentLoc());
  }
  if (debug && !numpyErrors && divides &&
      (isa<IntType>(resultType) || (isa<FloatType>(resultType) && !fastFloats))) {
    // debug=True: Python's error model, as numba.cuda's debug mode has it.
    Value *zero = isa<IntType>(resultType) ? b.constInt(resultType, 0)
                                           : b.constFloat(resultType, 0.0);
    bool intOperands = !isa<FloatType>(lt.type) && !isa<FloatType>(rt.type);
    raiseUnless(b.unary(Opcode::Not, b.cmp(CmpPredicate::Eq, rv, zero)), "ZeroDivisionError",
                opc == Opcode::TrueDiv ? (intOperands ? "division by zero"
                                                      : "float division by zero")
                : intOperands          ? "integer division or modulo by zero"
                : opc == Opcode::Mod   ? "float modulo"
                                       : "float floor division by zero",
                {}, b.currentLoc());
  }
  // float32/float64 ** an integer: numba's int_power (repeated squaring,
  // pow past 2**16), which numba-cuda's results follow bit for bit; the
  // exponent stays an int64 (Verifier, LLVMEmitter::powi).
  if (auto *ft = dyn_cast<FloatType>(resultType);
      opc == Opcode::Pow && ft && ft->bits() >= 32 && isa<IntType, BoolType>(rt.type) &&
      !(isa<IntType>(rt.type) && cast<IntType>(rt.type)->isEnum())) {
    Value *n = castTo(r, ctx.int64());
    Value *power = b.create(Opcode::Pow, resultType, {lv, n});
    auto *it = dyn_cast<IntType>(rt.type);
    if (!it || it->isSigned() || it->bits() < 64)
      return RValue::of(power);
    // A uint64 exponent from 2**63 up is no negative int64: pow of its float
    // value, as NumPy's float loop computes it (0.5 ** uint64(2**63 + 1) is 0).
    Value *past = b.cmp(CmpPredicate::Lt, n, b.constInt(ctx.int64(), 0));
    return RValue::of(b.select(past, b.binary(opc, lv, rv), power));
  }
  return RValue::of(b.binary(opc, lv, rv));
}


/// Element \p k of a tuple-valued expression, where it is written out
/// (`(f, 0.1)`): its literal keeps its weak type (NEP 50), as it would alone.
static const Expr *tupleElementExpr(const Expr *e, size_t k) {
  auto *t = llvm::dyn_cast_or_null<TupleExpr>(e);
  return t && !splices(*t) && k < t->elts.size() ? t->elts[k].get() : nullptr;
}

Value *IRGen::compareLink(CompareOp op, const Expr *le, const RValue &l, const Expr *re,
                          const RValue &r) {
  if (isa<DatetimeType>(l.type) && isa<DatetimeType>(r.type))
    return datetimeCompare(op, l, r);
  if (op == CompareOp::Is || op == CompareOp::IsNot) // enum members: identity is equality
    op = op == CompareOp::Is ? CompareOp::Eq : CompareOp::NotEq;
  // The numbers' comparison at their promoted type; a written literal
  // (x == 0.1, (x,) == (0.1,)) is weak.
  auto operand = [&](const Expr *e, const RValue &v) {
    return e ? operandOf(info(*e)) : TypedOperand{v.type};
  };
  auto numbers = [&](CmpPredicate p, const Expr *xe, const RValue &x, const Expr *ye,
                     const RValue &y) {
    Type *common = promoteOperands(ctx, operand(xe, x), operand(ye, y));
    return b.cmp(p, castTo(x, common), castTo(y, common));
  };
  // Element by element: all equal; values of other shapes (lengths, a tuple
  // and a number) are never equal.
  std::function<Value *(const Expr *, const RValue &, const Expr *, const RValue &)> equal =
      [&](const Expr *xe, const RValue &x, const Expr *ye, const RValue &y) -> Value * {
    if (x.isTuple() != y.isTuple() || x.elems.size() != y.elems.size())
      return b.constBool(false);
    if (!x.isTuple())
      return numbers(CmpPredicate::Eq, xe, x, ye, y);
    Value *all = b.constBool(true);
    for (size_t k = 0; k < x.elems.size(); ++k)
      all = b.select(all,
                     equal(tupleElementExpr(xe, k), x.elems[k], tupleElementExpr(ye, k), y.elems[k]),
                     b.constBool(false));
    return all;
  };
  // Python's order: at the first differing element the strict order decides
  // (recursively for nested tuples); with none, the lengths.
  std::function<Value *(CmpPredicate, bool, const Expr *, const RValue &, const Expr *,
                        const RValue &)>
      order = [&](CmpPredicate strict, bool orEqual, const Expr *xe, const RValue &x,
                  const Expr *ye, const RValue &y) -> Value * {
    if (!x.isTuple())
      return numbers(orEqual ? (strict == CmpPredicate::Lt ? CmpPredicate::Le : CmpPredicate::Ge)
                             : strict,
                     xe, x, ye, y);
    size_t nl = x.elems.size(), nr = y.elems.size(), n = std::min(nl, nr);
    bool byLength = strict == CmpPredicate::Lt ? (orEqual ? nl <= nr : nl < nr)
                                               : (orEqual ? nl >= nr : nl > nr);
    Value *result = b.constBool(byLength);
    for (size_t k = n; k-- > 0;) {
      const Expr *xk = tupleElementExpr(xe, k), *yk = tupleElementExpr(ye, k);
      result = b.select(equal(xk, x.elems[k], yk, y.elems[k]), result,
                        order(strict, false, xk, x.elems[k], yk, y.elems[k]));
    }
    return result;
  };
  if (l.isTuple() || r.isTuple()) {
    if (op == CompareOp::Eq || op == CompareOp::NotEq) {
      Value *eq = equal(le, l, re, r);
      return op == CompareOp::Eq ? eq : b.unary(Opcode::Not, eq);
    }
    bool less = op == CompareOp::Lt || op == CompareOp::LtE;
    return order(less ? CmpPredicate::Lt : CmpPredicate::Gt,
                 op == CompareOp::LtE || op == CompareOp::GtE, le, l, re, r);
  }
  return numbers(predicateOf(op), le, l, re, r);
}

RValue IRGen::compare(const CompareExpr &e) {
  if (e.ops.size() > 1)
    return comparisonChain(e);
  if ((e.ops[0] == CompareOp::Eq || e.ops[0] == CompareOp::NotEq) &&
      (isRuntimeStr(info(*e.operands[0]).type) || isRuntimeStr(info(*e.operands[1]).type))) {
    // Strings known at run time: their indices (inference allows == and !=
    // of two strings; other pairs are constants).
    RValue l = gen(*e.operands[0]), r = gen(*e.operands[1]);
    return RValue::of(b.cmp(e.ops[0] == CompareOp::Eq ? CmpPredicate::Eq : CmpPredicate::Ne,
                            stringIndex(l), stringIndex(r)));
  }
  auto *lcs = llvm::dyn_cast_or_null<CharSeqType>(info(*e.operands[0]).type);
  auto *rcs = llvm::dyn_cast_or_null<CharSeqType>(info(*e.operands[1]).type);
  if (lcs || rcs) { // bytes or str items (or one and a string constant): == and !=
    RValue l = gen(*e.operands[0]), r = gen(*e.operands[1]);
    auto count = [](CharSeqType *cs, const RValue &v) {
      return cs ? cs->count() : static_cast<unsigned>(codePoints(*v.text));
    };
    // Both at the longer count: the shorter one's missing characters are zero.
    Type *common = ctx.charSeq(std::max({count(lcs, l), count(rcs, r), unsigned(1)}),
                               (lcs ? lcs : rcs)->unicode());
    return RValue::of(b.cmp(e.ops[0] == CompareOp::Eq ? CmpPredicate::Eq : CmpPredicate::Ne,
                            castTo(l, common), castTo(r, common)));
  }
  if ((e.ops[0] == CompareOp::In || e.ops[0] == CompareOp::NotIn) &&
      isa<NoneType, RangeType>(info(*e.operands[1]).type)) // x in range(..) (typed None), x in r
    return RValue::of(rangeContains(e));
  if ((e.ops[0] == CompareOp::In || e.ops[0] == CompareOp::NotIn) &&
      isa<ArrayType>(info(*e.operands[1]).type)) {
    // x in a: the elements in C order until one equals x.
    RValue x = gen(*e.operands[0]);
    Value *array = gen(*e.operands[1]).value;
    b.setLoc(e.range().begin);
    auto *at = cast<ArrayType>(array->type());
    Type *common = promoteOperands(ctx, operandOf(info(*e.operands[0])), {at->dtype(), false});
    Value *key = castTo(x, common);
    std::vector<Value *> dims;
    for (unsigned d = 0; d < at->ndim(); ++d)
      dims.push_back(b.arrayShape(array, d));
    Value *found = anyIndex(elementCount(array), [&](Value *k) {
      Value *element = b.arrayLoad(array, unravel(k, dims));
      return b.cmp(CmpPredicate::Eq, castTo(RValue::of(element), common), key);
    });
    return RValue::of(e.ops[0] == CompareOp::In ? found : b.unary(Opcode::Not, found));
  }
  if ((e.ops[0] == CompareOp::In || e.ops[0] == CompareOp::NotIn) &&
      holdsStr(info(*e.operands[0]))) {
    // A str in a tuple: its index against each str element's; other
    // elements are never equal.
    Value *key = stringIndex(gen(*e.operands[0]));
    RValue tuple = gen(*e.operands[1]);
    Value *found = b.constBool(false);
    auto *tt = cast<TupleType>(info(*e.operands[1]).type);
    for (size_t k = 0; k < tuple.elems.size(); ++k) {
      const RValue &v = tuple.elems[k];
      if (!isTextType(tt->elements()[k]))
        continue; // (not a str: never equal)
      Value *eq = b.cmp(CmpPredicate::Eq, key, stringIndex(v));
      found = b.select(found, b.constBool(true), eq);
    }
    return RValue::of(e.ops[0] == CompareOp::In ? found : b.unary(Opcode::Not, found));
  }
  if (e.ops[0] == CompareOp::In || e.ops[0] == CompareOp::NotIn) {
    // x in (a, b, ...): any x == element (the tuple is evaluated whole first,
    // as in Python; the comparisons have no side effects).
    RValue x = gen(*e.operands[0]);
    RValue tuple = gen(*e.operands[1]);
    const auto *te = dyn_cast<TupleExpr>(e.operands[1].get());
    if (te && splices(*te))
      te = nullptr; // (*t, 1): the elements are the tuple's
    Value *found = b.constBool(false);
    for (size_t k = 0; k < tuple.elems.size(); ++k) {
      Value *eq = compareLink(CompareOp::Eq, e.operands[0].get(), x,
                              te ? te->elts[k].get() : nullptr, tuple.elems[k]);
      found = b.select(found, b.constBool(true), eq);
    }
    return RValue::of(e.ops[0] == CompareOp::In ? found : b.unary(Opcode::Not, found));
  }
  if (e.ops.size() == 1 && (isa<OptionalType>(info(*e.operands[0]).type) ||
                            isa<OptionalType>(info(*e.operands[1]).type))) {
    // `x is None` (== None) of an Optional: its flag (inference allows
    // nothing else of it here).
    RValue l = gen(*e.operands[0]), r = gen(*e.operands[1]);
    Value *present = (isa<OptionalType>(l.type) ? l : r).elems.at(0).value;
    bool isNone = e.ops[0] == CompareOp::Is || e.ops[0] == CompareOp::Eq;
    return RValue::of(isNone ? b.unary(Opcode::Not, present) : present);
  }
  RValue left = gen(*e.operands[0]);
  RValue right = gen(*e.operands[1]);
  return RValue::of(compareLink(e.ops[0], e.operands[0].get(), left, e.operands[1].get(), right));
}

RValue IRGen::comparisonChain(const CompareExpr &e) {
  // `a < b < c` is `a < b and b < c` with b evaluated once, and c only if
  // a < b holds (Python short-circuits the chain). A link `b in c` (or
  // not in, is, is not) is that comparison alone over temporaries holding
  // b and c (TypedFunction::chainLinks).
  auto one = [&](size_t i, const RValue &l, const RValue &r) {
    auto it = typed->chainLinks.find({&e, i});
    if (it == typed->chainLinks.end())
      return compareLink(e.ops[i], e.operands[i].get(), l, e.operands[i + 1].get(), r);
    const TypedFunction::ChainLink &link = it->second;
    if (!link.left.empty())
      writeVar(link.left, localType(link.left), l);
    if (!link.right.empty())
      writeVar(link.right, localType(link.right), r);
    return gen(*link.compare).value;
  };
  RValue left = gen(*e.operands[0]);
  RValue right = gen(*e.operands[1]);
  Value *c = one(0, left, right);
  std::string var = temp("chain");
  BasicBlock *merge = fn->createBlock();
  for (size_t i = 1; i < e.ops.size(); ++i) {
    ssa.writeVariable(var, cur(), c);
    BasicBlock *next = fn->createBlock();
    b.condBr(c, next, merge);
    ssa.sealBlock(next);
    enter(next);
    left = right;
    right = gen(*e.operands[i + 1]);
    c = one(i, left, right);
  }
  ssa.writeVariable(var, cur(), c);
  b.br(merge);
  ssa.sealBlock(merge);
  enter(merge);
  return RValue::of(ssa.readVariable(var, ctx.boolean(), merge));
}

RValue IRGen::shortCircuit(const BoolOpExpr &e) {
  // Python value semantics: `a or b` is a if a is truthy, else b.
  Type *t = info(e).type;
  std::string var = temp("boolop");
  BasicBlock *merge = fn->createBlock();
  for (size_t i = 0; i < e.values.size(); ++i) {
    Value *v = castTo(gen(*e.values[i]), t);
    ssa.writeVariable(var, cur(), v);
    // An operand whose truth is known when compiling (Inferer: the rest
    // of the chain is not typed once it ends it).
    std::optional<bool> known = constantCondition(*e.values[i]);
    if (i + 1 == e.values.size() || (known && endsChain(e.op, *known))) {
      b.br(merge);
      break;
    }
    if (known) // passes on to the next operand
      continue;
    BasicBlock *next = fn->createBlock();
    Value *c = truthy(RValue::of(v));
    if (e.op == BoolOpKind::And)
      b.condBr(c, next, merge);
    else
      b.condBr(c, merge, next);
    ssa.sealBlock(next);
    enter(next);
  }
  ssa.sealBlock(merge);
  enter(merge);
  return RValue::of(ssa.readVariable(var, t, merge));
}

RValue IRGen::ifExp(const IfExpExpr &e) {
  Type *t = info(e).type;
  if (auto it = typed->optionalReads.find(&e); it != typed->optionalReads.end())
    t = it->second; // x if c else None read as a number: the Optional first (gen unwraps)
  if (std::optional<bool> known = decidedCondition(*e.cond)) {
    decidedEffects(*e.cond);
    RValue v = gen(*(*known ? e.body : e.orelse));
    if (t->isScalar() && v.value)
      return RValue::of(castTo(v, t));
    return v;
  }
  std::string var = temp("ifexp");
  Value *cond = truthy(gen(*e.cond));
  BasicBlock *thenBB = fn->createBlock(), *elseBB = fn->createBlock(), *merge = fn->createBlock();
  b.condBr(cond, thenBB, elseBB);
  ssa.sealBlock(thenBB);
  ssa.sealBlock(elseBB);
  // Numbers, tuples (element by element) and arrays: as a variable
  // assigned on the two paths.
  enter(thenBB);
  writeVar(var, t, gen(*e.body));
  b.br(merge);
  enter(elseBB);
  writeVar(var, t, gen(*e.orelse));
  b.br(merge);
  ssa.sealBlock(merge);
  enter(merge);
  return readVarAt(frames.back().prefix, var, t);
}

RValue IRGen::attribute(const AttributeExpr &e) {
  if (auto it = typed->attributeCalls.find(&e);
      it != typed->attributeCalls.end() && typed->calls.count(it->second.get()))
    return call(*it->second); // an overloaded attribute: its implementation's call
  if (isFieldAccess(e)) // a[i].x
    return fieldValue(e);
  const ExprInfo &ei = info(e);
  Type *baseType = info(*e.value).type;
  if (isa<NamespaceType, BuiltinType>(ei.type) && !isRuntimeStr(ei.type))
    return RValue{ei.type, nullptr, {}}; // e.g. `cuda.threadIdx`: no run-time value
  if (auto *tt = dyn_cast<TupleType>(baseType); tt && tt->isNamed()) { // p.n
    size_t k = static_cast<size_t>(llvm::find(tt->names(), e.attr) - tt->names().begin());
    return gen(*e.value).elems.at(k);
  }
  if (isa<FlatIterType>(ei.type)) // a.flat of an array not C-contiguous: the array
    return RValue{ei.type, nullptr, {RValue::of(gen(*e.value).value)}};
  if (isa<RangeType, SliceType>(baseType)) // r.start, r.stop, r.step
    return gen(*e.value).elems.at(e.attr == "start" ? 0 : e.attr == "stop" ? 1 : 2);
  if (auto *et = dyn_cast<IntType>(baseType); et && e.attr == "value") // member.value
    return RValue::of(castTo(gen(*e.value), et->isEnum() || et->isIntEnum() ? ctx.int64() : baseType));
  if (baseType->isScalar() && (e.attr == "real" || e.attr == "imag"))
    return RValue::of(numberPart(gen(*e.value).value, baseType, e.attr == "imag", ei.type));
  if (auto *ns = dyn_cast<NamespaceType>(baseType); ns && ns->path() == "array.ctypes") {
    // a.ctypes.data: the address of a's first element.
    Value *array = gen(*cast<AttributeExpr>(*e.value).value).value;
    return RValue::of(b.create(Opcode::ArrayAddress, ei.type, {array}));
  }
  if (auto *ns = dyn_cast<NamespaceType>(baseType)) {
    llvm::StringRef path = ns->path();
    if (path == "cuda")
      return RValue::of(b.sreg(e.attr == "laneid" ? SpecialReg::LaneId : SpecialReg::WarpSize));
    int axis = e.attr == "x" ? 0 : e.attr == "y" ? 1 : 2;
    int base = path == "cuda.threadIdx" ? static_cast<int>(SpecialReg::TidX)
               : path == "cuda.blockDim" ? static_cast<int>(SpecialReg::NtidX)
               : path == "cuda.blockIdx" ? static_cast<int>(SpecialReg::CtaidX)
                                         : static_cast<int>(SpecialReg::NctaidX);
    return RValue::of(b.sreg(static_cast<SpecialReg>(base + axis)));
  }
  Value *array = gen(*e.value).value;
  auto *at = cast<ArrayType>(array->type());
  if (e.attr == "shape") {
    RValue r;
    r.type = ei.type;
    for (unsigned d = 0; d < at->ndim(); ++d)
      r.elems.push_back(RValue::of(b.arrayShape(array, d)));
    return r;
  }
  if (e.attr == "T")
    return RValue::of(b.create(Opcode::ArrayTranspose, ei.type, {array}));
  if (e.attr == "flat") // of a C-contiguous array: a 1-d view
    return RValue::of(b.create(Opcode::ArrayReshape, ei.type, {array, elementCount(array)}));
  if (e.attr == "real" || e.attr == "imag") { // of a complex array: a view of its parts
    if (!isa<ComplexType>(at->dtype()))
      return RValue::of(array); // a real array's .real
    Instruction *part = b.create(Opcode::ComplexPartView, ei.type, {array});
    part->intImm = e.attr == "imag";
    return RValue::of(part);
  }
  if (e.attr == "strides") {
    RValue r;
    r.type = ei.type;
    for (unsigned d = 0; d < at->ndim(); ++d) {
      Instruction *st = b.create(Opcode::ArrayStride, ctx.int64(), {array});
      st->intImm = d;
      r.elems.push_back(RValue::of(st));
    }
    return r;
  }
  if (e.attr != "size" && e.attr != "nbytes") // (array attributes win, as in numba)
    return fieldArray(array, e.attr); // a.x of a record array
  // size: the product of the extents (1 for a 0-d array); nbytes: times
  // the item size.
  Value *size = elementCount(array);
  if (e.attr == "nbytes")
    size = b.binary(Opcode::Mul, size,
                    b.constInt(ctx.int64(), static_cast<int64_t>(elementBytes(at->dtype()))));
  return RValue::of(size);
}

void IRGen::raiseUnless(Value *ok, const std::string &exception, const std::string &message,
                        std::vector<Value *> operands, SourceLoc loc) {
  BasicBlock *fail = fn->createBlock();
  BasicBlock *next = fn->createBlock();
  b.condBr(ok, next, fail);
  ssa.sealBlock(fail);
  enter(fail);
  raise(exception, message, std::move(operands), loc);
  ssa.sealBlock(next);
  enter(next);
}

void IRGen::raise(const std::string &exception, const std::string &message,
                  std::vector<Value *> operands, SourceLoc loc, std::vector<std::string> args) {
  ErrorSite site;
  site.exception = exception;
  site.message = message;
  site.args = std::move(args);
  site.file = diags.currentFile().fileName().str();
  site.line = loc.line;
  site.col = diags.currentFile().characterColumn(loc.line, loc.col); // (as diagnostics count)
  for (auto frame = frames.rbegin(); frame != frames.rend(); ++frame)
    if (frame->callFile)
      site.calledFrom.push_back({frame->callFile->fileName().str(), frame->callLoc.line,
                                 frame->callFile->characterColumn(frame->callLoc.line,
                                                                  frame->callLoc.col)});
  fn->errorSites.push_back(site);
  SourceLoc saved = b.currentLoc();
  b.setLoc(loc);
  b.create(Opcode::Raise, ctx.none(), std::move(operands))->intImm =
      static_cast<int64_t>(fn->errorSites.size() - 1);
  b.stop();
  b.setLoc(saved);
}

void IRGen::checkIndex(Value *array, unsigned dim, Value *idx, const Expr &src,
                       bool isUnsigned) {
  // Valid Python indices are -extent <= idx < extent; an unsigned one (its
  // int64 bits here) is 0 <= idx < extent, as NumPy reads uint64 2**64-1.
  Value *extent = b.arrayShape(array, dim);
  Value *below = b.cmp(CmpPredicate::Lt, idx, extent);
  Value *above = b.cmp(CmpPredicate::Ge, idx,
                       isUnsigned ? b.constInt(ctx.int64(), 0) : b.unary(Opcode::Neg, extent));
  cast<Instruction>(above)->indexCheck = true;
  raiseUnless(b.select(below, above, b.constBool(false)), "IndexError",
              std::string("index ") + (isUnsigned ? "{0:u}" : "{0}") +
                  " is out of bounds for axis " + std::to_string(dim) + " with size {1}",
              {idx, extent}, src.range().begin);
}

Value *IRGen::addressMapped(Value *address) {
  return b.cmp(CmpPredicate::Ge, address, b.constInt(ctx.uint64(), 0x10000));
}

Value *IRGen::wrapIndex(Value *array, unsigned dim, Value *idx, const Expr &src,
                        Type *indexType) {
  if (cast<ArrayType>(array->type())->isPointer()) {
    // A pointer's p[i]: item i on (negative: before), no bounds. Where
    // indices are checked (debug; always on the CPU backend, where the access
    // would crash the interpreter, and on a GPU it faults the context) a null
    // pointer, or any address below 64 KiB (where no memory is mapped), is
    // refused.
    if (boundsCheck) {
      Value *address = b.create(Opcode::ArrayAddress, ctx.uint64(), {array});
      raiseUnless(addressMapped(address), "ValueError",
                  "item {1} of a null pointer (address {0:#x}; no memory lies below 0x10000)",
                  {address, idx}, src.range().begin);
    }
    return idx;
  }
  const ExprInfo &ii = info(src);
  if (!indexType)
    indexType = ii.type;
  bool isUnsigned = isUnsignedIndex(indexType);
  if (boundsCheck)
    checkIndex(array, dim, idx, src, isUnsigned);
  // Python's negative indices count from the end; a non-negative constant
  // needs no check.
  if (ii.constant && ii.constant->kind == GlobalValue::Kind::Int && ii.constant->i >= 0 &&
      indexType == ii.type)
    return idx;
  if (isUnsigned)
    return idx;
  Value *zero = b.constInt(ctx.int64(), 0);
  Value *neg = b.cmp(CmpPredicate::Lt, idx, zero);
  cast<Instruction>(neg)->indexCheck = true;
  Value *wrapped = b.binary(Opcode::Add, idx, b.arrayShape(array, dim));
  return b.select(neg, wrapped, idx);
}

/// The indices of a.flat[index] (an integer; negative counts from the end)
/// of an array that is not C-contiguous: element index in C order. Out of
/// range is IndexError where bounds are checked.
std::vector<Value *> IRGen::flatIndices(Value *array, const Expr &index) {
  Type *i64 = ctx.int64(), *u64 = ctx.uint64();
  Value *i = scalar(index, i64);
  Value *size = elementCount(array);
  bool isUnsigned = isUnsignedIndex(info(index).type);
  b.setLoc(index.range().begin);
  if (boundsCheck) {
    Value *below = isUnsigned ? b.cmp(CmpPredicate::Lt, b.cast(i, u64), b.cast(size, u64))
                              : b.cmp(CmpPredicate::Lt, i, size);
    Value *above = isUnsigned ? b.constBool(true)
                              : b.cmp(CmpPredicate::Ge, i, b.binary(Opcode::Sub, b.constInt(i64, 0), size));
    raiseUnless(b.select(below, above, b.constBool(false)), "IndexError",
                std::string("index ") + (isUnsigned ? "{0:u}" : "{0}") +
                    " is out of bounds for a.flat of size {1}",
                {i, size}, index.range().begin);
  }
  if (!isUnsigned)
    i = b.select(b.cmp(CmpPredicate::Lt, i, b.constInt(i64, 0)), b.binary(Opcode::Add, i, size), i);
  std::vector<Value *> dims;
  for (unsigned d = 0; d < cast<ArrayType>(array->type())->ndim(); ++d)
    dims.push_back(b.arrayShape(array, d));
  return unravel(i, dims);
}

/// The C-order indices of element \p k (int64, 0 <= k < the product) of
/// extents \p dims (int64, positive): the last varies fastest.
std::vector<Value *> IRGen::unravel(Value *k, const std::vector<Value *> &dims) {
  Type *i64 = ctx.int64(), *u64 = ctx.uint64();
  std::vector<Value *> idx(dims.size());
  k = b.cast(k, u64);
  for (size_t d = dims.size(); d-- > 1;) {
    Value *extent = b.cast(dims[d], u64);
    idx[d] = b.cast(b.binary(Opcode::Mod, k, extent), i64);
    k = b.binary(Opcode::FloorDiv, k, extent);
  }
  if (!idx.empty())
    idx[0] = b.cast(k, i64);
  return idx;
}

std::vector<Value *> IRGen::arrayIndices(Value *array, const Expr &index) {
  std::vector<Value *> out;
  std::vector<const Expr *> parts;
  if ((isa<TupleExpr>(index) && !splices(index)) || isa<EllipsisExpr>(index)) {
    parts = indexParts(index, cast<ArrayType>(array->type())->ndim());
  } else if (isa<TupleType>(info(index).type)) {
    RValue tv = gen(index);
    auto *tt = cast<TupleType>(info(index).type);
    for (unsigned d = 0; d < tv.elems.size(); ++d) {
      Value *idx = castTo(tv.elems[d], ctx.int64());
      out.push_back(wrapIndex(array, d, idx, index, tt->elements()[d]));
    }
    return out;
  } else {
    parts.push_back(&index);
  }
  for (unsigned d = 0; d < parts.size(); ++d) {
    Value *idx = scalar(*parts[d], ctx.int64());
    out.push_back(wrapIndex(array, d, idx, *parts[d]));
  }
  return out;
}

RValue IRGen::fieldArray(Value *array, const std::string &name) {
  auto *at = cast<ArrayType>(array->type());
  const RecordType::Field *f = cast<RecordType>(at->dtype())->field(name);
  Instruction *view = b.create(Opcode::ArrayFieldView,
                               ctx.array(f->type, at->ndim(), Layout::A, at->readonly()), {array});
  view->intImm = static_cast<int64_t>(f->offset);
  return RValue::of(view);
}

RValue IRGen::subscript(const SubscriptExpr &e) {
  if (isFieldAccess(e)) // a[i]['x']
    return fieldValue(e);
  if (auto it = typed->exprs.find(e.index.get());
      it != typed->exprs.end() && it->second.constant && it->second.constant->isString())
    return fieldArray(gen(*e.value).value, it->second.constant->data); // a['x'], a[NAME]
  if (isa<RecordType>(info(e).type) && isa<ArrayType>(info(*e.value).type)) // r = a[i]
    return recordRef(e);
  if (isa<FlatIterType>(info(*e.value).type)) { // f[i] of a.flat, a not C-contiguous
    Value *array = flatArray(*e.value);
    std::vector<Value *> idx = flatIndices(array, *e.index);
    b.setLoc(e.range().begin);
    if (auto *rt = dyn_cast<RecordType>(info(e).type))
      return recordRefAt(array, idx, rt);
    return RValue::of(b.arrayLoad(array, idx));
  }
  RValue base = gen(*e.value);
  if (base.isTuple()) {
    int64_t n = static_cast<int64_t>(base.elems.size());
    if (auto it = typed->tupleSlices.find(&e); it != typed->tupleSlices.end()) {
      RValue r;
      r.type = info(e).type;
      for (int64_t k : it->second)
        r.elems.push_back(base.elems[k]);
      return r;
    }
    if (const auto &c = info(*e.index).constant) {
      int64_t i = c->i;
      return base.elems[i < 0 ? i + n : i];
    }
    // A run-time index into a uniform tuple: a chain of selects on the
    // (wrapped) index; an index out of range gives the first element, or
    // raises IndexError in debug mode.
    Type *i64 = ctx.int64();
    Value *idx = scalar(*e.index, i64);
    Value *len = b.constInt(i64, n);
    // An unsigned index is never negative (uint64 2**64-1 is not -1).
    bool isUnsigned = isUnsignedIndex(info(*e.index).type);
    if (boundsCheck) {
      Value *below = b.cmp(CmpPredicate::Lt, idx, len);
      Value *above = b.cmp(CmpPredicate::Ge, idx, b.constInt(i64, isUnsigned ? 0 : -n));
      raiseUnless(b.select(below, above, b.constBool(false)), "IndexError",
                  std::string("tuple index out of range: index ") +
                      (isUnsigned ? "{0:u}" : "{0}") + " of a tuple of {1}",
                  {idx, len}, e.index->range().begin);
    }
    if (!isUnsigned) {
      Value *neg = b.cmp(CmpPredicate::Lt, idx, b.constInt(i64, 0));
      idx = b.select(neg, b.binary(Opcode::Add, idx, len), idx);
    }
    return tupleElementAt(base, idx, isRuntimeStr(info(e).type));
  }
  if (isa<ArrayType>(info(e).type))
    return arrayView(base.value, e);
  std::vector<Value *> idx = arrayIndices(base.value, *e.index);
  b.setLoc(e.range().begin);
  return RValue::of(b.arrayLoad(base.value, idx));
}

RValue IRGen::tupleElementAt(const RValue &tuple, Value *idx, bool text) {
  Type *i64 = ctx.int64();
  int64_t n = static_cast<int64_t>(tuple.elems.size());
  std::vector<Value *> is(n);
  for (int64_t k = 1; k < n; ++k)
    is[k] = b.cmp(CmpPredicate::Eq, idx, b.constInt(i64, k));
  // Element k of each leaf (tuples of tuples select leaf by leaf).
  std::function<RValue(std::vector<const RValue *>)> pick =
      [&](std::vector<const RValue *> options) {
        if (options[0]->isTuple()) {
          RValue r;
          r.type = options[0]->type;
          for (size_t j = 0; j < options[0]->elems.size(); ++j) {
            std::vector<const RValue *> inner;
            for (const RValue *o : options)
              inner.push_back(&o->elems[j]);
            r.elems.push_back(pick(inner));
          }
          return r;
        }
        // (strings: their indices, IRGenImpl.h)
        auto leaf = [&](int64_t k) { return text ? stringIndex(*options[k]) : options[k]->value; };
        Value *result = leaf(0);
        for (int64_t k = 1; k < n; ++k)
          result = b.select(is[k], leaf(k), result);
        return RValue::of(result);
      };
  std::vector<const RValue *> options;
  for (const RValue &el : tuple.elems)
    options.push_back(&el);
  return pick(options);
}

void IRGen::appendSliceParts(std::vector<Value *> &ops, const RValue &slice, SourceLoc at) {
  for (const RValue &part : slice.elems) // (None parts are numba's defaults already)
    ops.push_back(part.value);
  if (boundsCheck)
    raiseUnless(b.cmp(CmpPredicate::Ne, slice.elems.at(2).value, b.constInt(ctx.int64(), 0)),
                "ValueError", "slice step cannot be zero", {}, at);
}

// a[i, lo:hi:step, ...] -> a view (ArrayView); dimensions not indexed are
// kept whole (a slice with both bounds None).
RValue IRGen::arrayView(Value *array, const SubscriptExpr &e) {
  auto *at = cast<ArrayType>(array->type());
  unsigned ndim = at->ndim();
  if (auto *tt = dyn_cast<TupleType>(info(*e.index).type)) {
    // a[idx], a tuple of fewer integers than dimensions: those indexed, the
    // rest kept whole (as firstAxisValue's view).
    RValue tv = gen(*e.index);
    Type *i64 = ctx.int64();
    std::vector<Value *> ops{array};
    int64_t bits = 0;
    for (unsigned d = 0; d < ndim; ++d) {
      if (d < tt->size() && isa<SliceType>(tt->elements()[d])) {
        appendSliceParts(ops, tv.elems[d], e.index->range().begin);
        bits |= int64_t(1) << (3 * d);
        continue;
      }
      if (d < tt->size()) {
        ops.push_back(wrapIndex(array, d, castTo(tv.elems[d], i64), *e.index, tt->elements()[d]));
        continue;
      }
      ops.insert(ops.end(), {b.constInt(i64, 0), b.constInt(i64, 0), b.constInt(i64, 1)});
      bits |= int64_t(1 | 2 | 4) << (3 * d);
    }
    b.setLoc(e.range().begin);
    Instruction *view = b.create(Opcode::ArrayView, info(e).type, ops);
    view->intImm = bits;
    return RValue::of(view);
  }
  auto newAxis = [&](const Expr *x) { // (slices and Ellipses are typed none too)
    return x && isa<NoneLitExpr, NameExpr, AttributeExpr>(x) && isa<NoneType>(info(*x).type);
  };
  std::vector<const Expr *> parts = indexParts(*e.index, ndim, newAxis);
  // None (np.newaxis): the view of the other parts, then a dimension of
  // extent 1 at each None's place among the result's dimensions.
  int64_t added = 0;
  unsigned place = 0;
  auto sliceObject = [&](const Expr *p) { return p && isa<SliceType>(info(*p).type); };
  for (const Expr *p : parts) {
    if (newAxis(p))
      added |= int64_t(1) << place;
    if (!p || newAxis(p) || isa<SliceExpr>(p) || sliceObject(p))
      ++place;
  }
  if (added)
    llvm::erase_if(parts, newAxis);
  Type *i64 = ctx.int64();
  std::vector<Value *> ops{array};
  int64_t bits = 0;
  unsigned kept = 0;
  for (unsigned d = 0; d < ndim; ++d) {
    const Expr *p = d < parts.size() ? parts[d] : nullptr;
    if (!p || isa<SliceExpr>(p) || sliceObject(p))
      ++kept;
    if (sliceObject(p)) {
      appendSliceParts(ops, gen(*p), p->range().begin);
      bits |= int64_t(1) << (3 * d);
      continue;
    }
    auto *sl = p ? dyn_cast<SliceExpr>(p) : nullptr;
    if (p && !sl) {
      ops.push_back(wrapIndex(array, d, scalar(*p, i64), *p));
      continue;
    }
    auto bound = [&](const ExprPtr *x, bool &none) -> Value * {
      none = !x || !*x || isa<NoneType>(info(**x).type);
      if (none)
        return b.constInt(i64, 0);
      Value *v = scalar(**x, i64);
      // A uint64 past 2**63 - 1 is no negative bound: as large as any
      // extent (Python clamps it so; its int64 bits would count from the end).
      if (auto *it = dyn_cast<IntType>(info(**x).type); it && !it->isSigned() && it->bits() == 64)
        v = b.select(b.cmp(CmpPredicate::Lt, v, b.constInt(i64, 0)),
                     b.constInt(i64, std::numeric_limits<int64_t>::max()), v);
      return v;
    };
    bool loNone, hiNone, stepNone;
    ops.push_back(bound(sl ? &sl->lower : nullptr, loNone));
    ops.push_back(bound(sl ? &sl->upper : nullptr, hiNone));
    Value *step = bound(sl ? &sl->step : nullptr, stepNone);
    if (boundsCheck && !stepNone && !info(*sl->step).constant) // a constant 0 is a compile error
      raiseUnless(b.cmp(CmpPredicate::Ne, step, b.constInt(i64, 0)), "ValueError",
                  "slice step cannot be zero", {}, sl->step->range().begin);
    ops.push_back(stepNone ? b.constInt(i64, 1) : step);
    bits |= int64_t(1 | (loNone ? 2 : 0) | (hiNone ? 4 : 0)) << (3 * d);
  }
  b.setLoc(e.range().begin);
  Type *viewType = added ? ctx.array(at->dtype(), kept, Layout::A, at->readonly()) : info(e).type;
  Instruction *view = b.create(Opcode::ArrayView, viewType, ops);
  view->intImm = bits;
  if (!added)
    return RValue::of(view);
  Instruction *widened = b.create(Opcode::ArrayNewAxis, info(e).type, {view});
  widened->intImm = added;
  return RValue::of(widened);
}


} // namespace pyjit::ir::detail

using detail::IRGen;

static std::unique_ptr<Function> lower(const TypedFunction &typed, TypeContext &ctx,
                                       DiagnosticEngine &diags, const IRGenOptions &options,
                                       detail::RecursiveCallees *callees,
                                       std::string name = "") {
  const bool callee = !name.empty();
  IRGen gen(typed, ctx, diags, options.returnsValue || callee, std::move(name));
  gen.debug = options.debug;
  gen.boundsCheck = options.debug || options.boundsCheck;
  gen.interruptible = options.interruptible;
  gen.maxThreadsPerBlock = options.maxThreadsPerBlock ? options.maxThreadsPerBlock : 1024;
  gen.callees = callees;
  gen.fastFloats = options.fastFloats;
  gen.numpyErrors = options.numpyErrors;
  gen.checksStack = callee && gen.boundsCheck;
  gen.debugInfo = options.debugInfo;
  return gen.run();
}

std::unique_ptr<Function> pyjit::ir::generateIR(const TypedFunction &typed, TypeContext &ctx,
                                                DiagnosticEngine &diags,
                                                const IRGenOptions &options) {
  detail::RecursiveCallees callees;
  callees.outline = false; // (one function: nothing to call)
  IRGenOptions own = options;
  own.fastFloats = false;
  auto fn = lower(typed, ctx, diags, own, &callees);
  assert((!fn || callees.order.empty()) && "recursive calls need generateModule");
  return fn;
}

std::unique_ptr<ir::Module> pyjit::ir::generateModule(const TypedFunction &typed, TypeContext &ctx,
                                                      DiagnosticEngine &diags,
                                                      const IRGenOptions &options) {
  detail::RecursiveCallees callees;
  auto module = std::make_unique<ir::Module>();
  auto first = lower(typed, ctx, diags, options, &callees);
  if (!first)
    return nullptr;
  module->functions.push_back(std::move(first));
  Function &main = *module->functions.front();
  for (size_t i = 0; i < callees.order.size(); ++i) { // (the list grows as they call others)
    const TypedFunction &callee = *callees.order[i];
    DiagnosticEngine::FileScope scope(diags, *callee.file);
    auto fn = lower(callee, ctx, diags, options, &callees, callees.names.at(&callee));
    if (!fn)
      return nullptr;
    // Its checks join the kernel's table, which the runtime reads; it keeps
    // a copy of the table (as far as its own), which its Raises index.
    int64_t offset = static_cast<int64_t>(main.errorSites.size());
    main.errorSites.insert(main.errorSites.end(), fn->errorSites.begin(), fn->errorSites.end());
    fn->errorSites = main.errorSites;
    for (const auto &bb : fn->blocks())
      for (const auto &inst : bb->instructions())
        if (inst->opcode() == Opcode::Raise || inst->opcode() == Opcode::CheckStack)
          inst->intImm += offset;
    module->functions.push_back(std::move(fn));
  }
  return module;
}
