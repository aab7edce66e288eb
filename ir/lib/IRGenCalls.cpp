//===- IRGenCalls.cpp - Lowering of calls: builtins, math, cuda, device functions ===//
#include "CallArgs.h"
#include "MachineLimits.h"
#include "ExternSignature.h"
#include "NumpyUfuncs.h"
#include "IRGenImpl.h"
#include "Inferer.h"
#include "pyjit/frontend/AssignedNames.h"
#include <set>
#include "pyjit/ir/CudaIntrinsics.h"
#include "pyjit/ir/DatetimeRules.h"
#include "pyjit/ir/Libdevice.h"
#include "pyjit/ir/MathFunctions.h"
#include "pyjit/ir/CMathFunctions.h"
#include <cmath>
#include <limits>
#include <map>

using namespace pyjit;
using namespace pyjit::ir;

namespace pyjit::ir::detail {


/// Python's repr of bytes \p b: b'...' (double quotes when it holds a ' and
/// no "), \t \n \r \\ escaped, other bytes outside 0x20-0x7e as \xhh.
static std::string bytesRepr(llvm::StringRef b) {
  char quote = b.contains('\'') && !b.contains('"') ? '"' : '\'';
  std::string out = "b";
  out += quote;
  for (unsigned char c : b) {
    if (c == quote || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c >= 0x7f) {
      const char *digits = "0123456789abcdef";
      out += "\\x";
      out += digits[c >> 4];
      out += digits[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  out += quote;
  return out;
}

RValue IRGen::call(const CallExpr &e) {
  const ExprInfo &ei = info(e);
  if (auto it = typed->calls.find(&e); it != typed->calls.end()) {
    RValue r = it->second.recursive ? recursiveCall(e, it->second)
               : outlines(*it->second.callee) ? outlinedCall(e, it->second)
                                              : inlineCall(e, it->second);
    if (typed->optionalReads.count(&e))
      return r; // an Optional read as its number: gen() checks it, at the call's location
    if (r.type && ei.type && r.type != ei.type &&
        (ei.type->isScalar() || isa<TupleType, OptionalType>(ei.type))) {
      // A declared result type (numba converts): a number; a tuple
      // (UniTuple(float64, 2)) element by element, nested ones too; an
      // Optional, its flag and number.
      std::function<void(RValue &, Type *)> convert = [&](RValue &v, Type *want) {
        if (v.type == want)
          return;
        if (auto *wt = dyn_cast<TupleType>(want)) {
          for (size_t i = 0; i < v.elems.size() && i < wt->size(); ++i)
            convert(v.elems[i], wt->elements()[i]);
          v.type = want;
        } else if (auto *ot = dyn_cast<OptionalType>(want)) {
          v = asOptional(v, ot);
        } else {
          v = RValue::of(castTo(v, want));
        }
      };
      convert(r, ei.type);
    }
    return r;
  }
  if (auto it = typed->starCalls.find(&e); it != typed->starCalls.end()) {
    // The arguments into their temporaries, in order, then the call that
    // reads them (TypedFunction::StarCall).
    for (const auto &[argument, temp] : it->second.temps)
      if (!temp.empty()) // (a string literal is copied into the call as it is)
        writeVar(temp, localType(temp), gen(*argument));
    if (it->second.store) { // operator.setitem(a, i, v)
      const auto &[value, temp] = it->second.temps.back();
      assign(*it->second.call, temp.empty() ? gen(*value) : readVar(temp, localType(temp)));
      return RValue{ctx.none(), nullptr, {}};
    }
    return gen(*it->second.call);
  }
  llvm::StringRef path = cast<BuiltinType>(info(*e.callee).type)->path();
  // np.sin(x, out), np.add(x, y, out): per element, as type inference chose
  // (before np.sin's routing below, which a complex number alone would take).
  if (auto it = typed->ufuncElements.find(&e); it != typed->ufuncElements.end())
    return arrayUfunc(e, path, it->second);
  std::string routed;
  bool numpyLoop = path.starts_with("numpy.m."); // (mathOperandType)
  if (numpyLoop) { // np.exp: cmath's for a complex argument
    bool complex = llvm::any_of(e.args, [&](const ExprPtr &a) {
      return isa<ComplexType>(info(*a).type);
    });
    routed = (complex ? "cmath." : "math.") + path.drop_front(8).str();
    path = routed;
  }
  if (path.starts_with("numpy.op."))
    return numpyOperatorCall(e, *numpyOperatorUfunc(path.drop_front(9)));
  if (path.starts_with("operator."))
    if (llvm::StringRef u = operatorModuleUfunc(path.drop_front(9)); !u.empty()) {
      NumpyOperatorUfunc fn = *numpyOperatorUfunc(u); // a copy: the optional is a temporary
      if (fn.kind == NumpyOperatorUfunc::Kind::Compare && e.args.size() == 2 &&
          (isa<TupleType>(info(*e.args[0]).type) || isa<TupleType>(info(*e.args[1]).type))) {
        RValue l = gen(*e.args[0]), r = gen(*e.args[1]);
        return RValue::of(compareLink(fn.compare, e.args[0].get(), l, e.args[1].get(), r));
      }
      return numpyOperatorCall(e, fn);
    }
  if (path == "print") {
    // numba.cuda's formats: ints %lld/%llu, floats %f, strings as they are,
    // separated by spaces, a newline at the end.
    // A tuple prints as Python's repr does: (1, 2.500000), (7,).
    std::string format;
    std::vector<Value *> values;
    std::function<void(const RValue &, Type *)> item = [&](const RValue &v, Type *t) {
      if (auto *tt = dyn_cast<TupleType>(t)) {
        format += '(';
        for (size_t k = 0; k < tt->size(); ++k) {
          if (k)
            format += ", ";
          item(v.elems[k], tt->elements()[k]);
        }
        format += tt->size() == 1 ? ",)" : ")";
      } else if (isa<BoolType>(t)) {
        format += "%s";
        values.push_back(castTo(v, t));
      } else if (auto *it = dyn_cast<IntType>(t)) {
        format += it->isSigned() ? "%lld" : "%llu";
        values.push_back(castTo(v, ctx.intTy(64, it->isSigned())));
      } else {
        format += "%f";
        values.push_back(castTo(v, ctx.float64()));
      }
    };
    for (size_t i = 0; i < e.args.size(); ++i) {
      if (i)
        format += ' ';
      const std::optional<GlobalValue> &constant = info(*e.args[i]).constant;
      auto *str = dyn_cast<StrLitExpr>(e.args[i].get());
      if (str || (constant && constant->isString())) {
        bool bytes = str ? str->bytes : constant->dtype == "bytes";
        const std::string &text = str ? str->value : constant->data;
        // A str constant as it is; a bytes one as Python's repr, b'\x80a'.
        std::string shown = bytes ? bytesRepr(text) : text;
        for (char c : shown)
          format += c == '%' ? std::string("%%") : std::string(1, c);
        continue;
      }
      item(gen(*e.args[i]), info(*e.args[i]).type);
    }
    format += '\n';
    Instruction *p = b.create(Opcode::Print, ctx.none(), values);
    p->text = format;
    return RValue{ctx.none(), nullptr, {}};
  }
  if (path == "cuda.shared.array" || path == "cuda.local.array")
    return arrayAlloc(e, path == "cuda.shared.array");
  if (path == "method.array.view") {
    // The last extent times old / new item size; NumPy's ValueError (under
    // debug) when the last axis's bytes are not a multiple of the new size.
    Value *array = gen(*cast<AttributeExpr>(*e.callee).value).value;
    auto *at = cast<ArrayType>(array->type());
    auto *vt = cast<ArrayType>(ei.type);
    b.setLoc(e.range().begin);
    Type *i64 = ctx.int64();
    int64_t from = static_cast<int64_t>(elementBytes(at->dtype()));
    int64_t to = static_cast<int64_t>(elementBytes(vt->dtype()));
    std::vector<Value *> ops{array};
    for (unsigned d = 0; d < at->ndim(); ++d)
      ops.push_back(b.arrayShape(array, d));
    Value *bytes = b.binary(Opcode::Mul, ops.back(), b.constInt(i64, from));
    if (boundsCheck && from != to)
      raiseUnless(b.cmp(CmpPredicate::Eq, b.binary(Opcode::Mod, bytes, b.constInt(i64, to)),
                        b.constInt(i64, 0)),
                  "ValueError", "a.view(): the last axis holds {0} bytes, not a multiple of "
                  "the new item size {1} (NumPy: the new dtype's size must divide the last "
                  "axis's bytes)", {bytes, b.constInt(i64, to)}, e.range().begin);
    ops.back() = b.binary(Opcode::FloorDiv, bytes, b.constInt(i64, to));
    return RValue::of(b.create(Opcode::ArrayReshape, ei.type, ops));
  }
  if (path == "method.array.item") {
    Value *array = gen(*cast<AttributeExpr>(*e.callee).value).value;
    auto *at = cast<ArrayType>(array->type());
    b.setLoc(e.range().begin);
    Type *i64 = ctx.int64();
    Value *size = elementCount(array);
    if (boundsCheck)
      raiseUnless(b.cmp(CmpPredicate::Eq, size, b.constInt(i64, 1)), "ValueError",
                  "item(): can only convert an array of size 1 to a Python scalar", {},
                  e.range().begin);
    std::vector<Value *> zeros(at->ndim(), b.constInt(i64, 0));
    return RValue::of(b.arrayLoad(array, zeros));
  }
  if (path == "method.array.transpose") {
    Value *array = gen(*cast<AttributeExpr>(*e.callee).value).value;
    for (const ExprPtr &a : e.args) // (constants: InferCalls)
      gen(*a);
    // InferCalls allowed the reversed axes or the unchanged ones; the first
    // axis tells them apart (0 only when unchanged, past one dimension).
    auto *at = cast<ArrayType>(array->type());
    std::optional<int64_t> first;
    if (!e.args.empty()) {
      const Expr *x = e.args[0].get();
      if (auto *tuple = dyn_cast<TupleExpr>(x))
        x = tuple->elts.empty() ? nullptr : tuple->elts[0].get();
      const std::optional<GlobalValue> &c = x ? info(*x).constant : std::nullopt;
      if (c && c->kind == GlobalValue::Kind::Tuple && !c->elements.empty())
        first = c->elements[0].i;
      else if (c && c->kind == GlobalValue::Kind::Int)
        first = c->i;
    }
    if (at->ndim() > 1 && first && (*first == 0 || *first == -static_cast<int64_t>(at->ndim())))
      return RValue::of(array);
    return RValue::of(b.create(Opcode::ArrayTranspose, ei.type, {array}));
  }
  if (path == "method.array.fill") {
    Value *array = gen(*cast<AttributeExpr>(*e.callee).value).value;
    Type *dtype = cast<ArrayType>(array->type())->dtype();
    Value *v = scalar(*e.args[0], dtype); // converted once, as NumPy's fill
    b.setLoc(e.range().begin);
    forEachIndex(array, [&](const std::vector<Value *> &idx) { b.arrayStore(array, idx, v); });
    return RValue{ctx.none(), nullptr, {}};
  }
  if (path == "method.array.ravel") { // of a C-contiguous array: a 1-d view
    Value *array = gen(*cast<AttributeExpr>(*e.callee).value).value;
    b.setLoc(e.range().begin);
    return RValue::of(b.create(Opcode::ArrayReshape, ei.type, {array, elementCount(array)}));
  }
  if (path == "method.array.reshape") {
    Value *array = gen(*cast<AttributeExpr>(*e.callee).value).value;
    std::vector<RValue> dims;
    std::vector<const Expr *> dimExprs;
    if (e.args.size() == 1 && isa<TupleType>(info(*e.args[0]).type)) {
      RValue t = gen(*e.args[0]);
      dims = t.elems;
      auto *te = dyn_cast<TupleExpr>(e.args[0].get());
      for (size_t k = 0; k < dims.size(); ++k)
        dimExprs.push_back(te && k < te->elts.size() ? te->elts[k].get() : nullptr);
    } else {
      for (const ExprPtr &a : e.args) {
        dims.push_back(gen(*a));
        dimExprs.push_back(a.get());
      }
    }
    b.setLoc(e.range().begin);
    Type *i64 = ctx.int64();
    Value *size = elementCount(array);
    std::vector<Value *> extents;
    Value *known = b.constInt(i64, 1);
    int unknown = -1;
    std::vector<size_t> runtime; // extents known only at run time: each may be -1
    Value *minusOne = b.constInt(i64, -1), *one = b.constInt(i64, 1);
    for (size_t k = 0; k < dims.size(); ++k) {
      const ExprInfo *di = dimExprs[k] ? &info(*dimExprs[k]) : nullptr;
      bool constant = di && di->constant && di->constant->kind == GlobalValue::Kind::Int;
      extents.push_back(castTo(dims[k], i64));
      if (constant && di->constant->i == -1 && unknown < 0) {
        unknown = static_cast<int>(k); // -1: what the others leave
        continue;
      }
      Value *factor = extents.back();
      if (!constant) { // a run-time -1 counts as 1 here and is filled in below
        runtime.push_back(k);
        factor = b.select(b.cmp(CmpPredicate::Eq, factor, minusOne), one, factor);
      }
      known = b.binary(Opcode::Mul, known, factor);
    }
    // What the given extents leave (numba: size // the others' product; an
    // empty product of 0 leaves 0).
    Value *rest = nullptr;
    if (unknown >= 0 || !runtime.empty()) {
      Value *none = b.cmp(CmpPredicate::Eq, known, b.constInt(i64, 0));
      rest = b.select(none, b.constInt(i64, 0),
                      b.binary(Opcode::FloorDiv, size, b.select(none, one, known)));
    }
    if (unknown >= 0)
      extents[unknown] = rest;
    for (size_t k : runtime)
      extents[k] = b.select(b.cmp(CmpPredicate::Eq, extents[k], minusOne), rest, extents[k]);
    if (boundsCheck) {
      Value *total = b.constInt(i64, 1);
      Value *negative = b.constBool(false);
      for (Value *x : extents) {
        total = b.binary(Opcode::Mul, total, x);
        negative = b.select(negative, negative, b.cmp(CmpPredicate::Lt, x, b.constInt(i64, 0)));
      }
      raiseUnless(b.unary(Opcode::Not, negative), "ValueError",
                  "negative dimensions are not allowed (only one -1, the unknown one)", {},
                  e.range().begin);
      raiseUnless(b.cmp(CmpPredicate::Eq, total, size), "ValueError",
                  "cannot reshape an array of size {0} into a shape of {1} elements",
                  {size, total}, e.range().begin);
    }
    std::vector<Value *> ops{array};
    ops.insert(ops.end(), extents.begin(), extents.end());
    return RValue::of(b.create(Opcode::ArrayReshape, ei.type, ops));
  }
  if (path.starts_with("method.array.") || path.starts_with("numpy.reduce.")) {
    bool method = path.starts_with("method.");
    Value *array = gen(method ? *cast<AttributeExpr>(*e.callee).value : *e.args[0]).value;
    Value *offset = nullptr; // np.trace(m, offset) (InferCalls)
    if (path == "numpy.reduce.trace" && (e.args.size() == 2 || !e.keywords.empty()))
      offset = scalar(e.args.size() == 2 ? *e.args[1] : *e.keywords[0].value, ctx.int64());
    b.setLoc(e.range().begin);
    return arrayReduction(path.drop_front(13), array, ei.type, e.range(), offset);
  }
  if (path == "method.scalar.item") { // x.item() of a number: x
    const Expr &x = *cast<AttributeExpr>(*e.callee).value;
    return RValue::of(castTo(gen(x), ei.type));
  }
  if (path == "numpy.size" || path == "numpy.shape") { // (np.ndim: a constant)
    RValue x = gen(*e.args[0]);
    b.setLoc(e.range().begin);
    if (path == "numpy.size")
      return RValue::of(elementCount(x.value)); // (of a number: the constant 1)
    RValue r;
    r.type = ei.type;
    if (auto *at = dyn_cast<ArrayType>(info(*e.args[0]).type))
      for (unsigned d = 0; d < at->ndim(); ++d)
        r.elems.push_back(RValue::of(b.arrayShape(x.value, d)));
    return r;
  }
  if (path == "numpy.array_equal") {
    // The same extents, then every element equal, read in C order until
    // one differs (numba's).
    Value *l = gen(*e.args[0]).value, *r = gen(*e.args[1]).value;
    b.setLoc(e.range().begin);
    auto *lt = cast<ArrayType>(l->type()), *rt = cast<ArrayType>(r->type());
    Type *common = promoteOperands(ctx, {lt->dtype(), false}, {rt->dtype(), false});
    std::vector<Value *> dims;
    Value *same = b.constBool(true);
    for (unsigned d = 0; d < lt->ndim(); ++d) {
      dims.push_back(b.arrayShape(l, d));
      same = b.select(same, b.cmp(CmpPredicate::Eq, dims.back(), b.arrayShape(r, d)), same);
    }
    Value *size = b.select(same, elementCount(l), b.constInt(ctx.int64(), 0));
    Value *differs = anyIndex(size, [&](Value *k) {
      std::vector<Value *> idx = unravel(k, dims);
      Value *x = castTo(RValue::of(b.arrayLoad(l, idx)), common);
      Value *y = castTo(RValue::of(b.arrayLoad(r, idx)), common);
      return b.cmp(CmpPredicate::Ne, x, y); // (a NaN differs)
    });
    return RValue::of(b.select(differs, b.constBool(false), same));
  }
  if (path == "method.tuple.index") {
    // The first k with t[k] == x: chosen from the last element back.
    const Expr &tuple = *cast<AttributeExpr>(*e.callee).value;
    RValue t = gen(tuple);
    RValue x = gen(*e.args[0]);
    b.setLoc(e.range().begin);
    Type *i64 = ctx.int64();
    Value *found = b.constInt(i64, -1);
    for (size_t k = t.elems.size(); k-- > 0;) {
      Value *eq = compareLink(CompareOp::Eq, e.args[0].get(), x, nullptr, t.elems[k]);
      found = b.select(eq, b.constInt(i64, static_cast<int64_t>(k)), found);
    }
    raiseUnless(b.cmp(CmpPredicate::Ge, found, b.constInt(i64, 0)), "ValueError",
                "tuple.index(x): x not in tuple", {}, e.range().begin);
    return RValue::of(found);
  }
  if (path == "method.scalar.view") {
    const Expr &x = *cast<AttributeExpr>(*e.callee).value;
    Value *v = castTo(gen(x), info(x).type); // a literal at its own type
    return RValue::of(v->type() == ei.type ? v : b.create(Opcode::Bitcast, ei.type, {v}));
  }
  if (path == "method.bit_count") {
    // Python's: the ones in |x| (|INT_MIN| wraps to itself, whose one bit
    // is the answer too); cuda.popc's instruction.
    Value *x = gen(*cast<AttributeExpr>(*e.callee).value).value;
    auto *it = cast<IntType>(x->type());
    if (it->isSigned())
      x = b.select(b.cmp(CmpPredicate::Lt, x, b.constInt(it, 0)), b.unary(Opcode::Neg, x), x);
    Instruction *count = b.create(Opcode::Cuda, ctx.int32(), {x});
    count->intImm = static_cast<int64_t>(CudaFn::Popc);
    return RValue::of(b.cast(count, ei.type));
  }
  if (path == "method.conjugate") {
    Value *z = gen(*cast<AttributeExpr>(*e.callee).value).value;
    auto *ct = dyn_cast<ComplexType>(z->type());
    if (!ct)
      return RValue::of(z); // a real number is its own conjugate
    Type *part = ctx.floatTy(ct->partBits());
    Instruction *re = b.create(Opcode::ComplexPart, part, {z});
    Instruction *im = b.create(Opcode::ComplexPart, part, {z});
    im->intImm = 1;
    return RValue::of(b.create(Opcode::ComplexMake, ct, {re, b.unary(Opcode::Neg, im)}));
  }
  if (path == "complex") {
    if (e.args.size() == 1)
      return RValue::of(scalar(*e.args[0], ei.type));
    Type *part = ctx.float64();
    return RValue::of(b.create(Opcode::ComplexMake, ei.type,
                               {scalar(*e.args[0], part), scalar(*e.args[1], part)}));
  }
  if (path == "numpy.searchsorted") {
    // NumPy's binary search (npysort/binsearch.cpp): side='left' finds the
    // first i with not a[i] < v, 'right' the first with v < a[i]; `<` puts
    // NaN after every number, as NumPy sorts it.
    Value *array = gen(*e.args[0]).value;
    const Expr *sideExpr = e.args.size() == 3 ? e.args[2].get() : nullptr;
    for (const Keyword &k : e.keywords)
      sideExpr = k.name == "side" ? k.value.get() : nullptr;
    bool right = sideExpr && info(*sideExpr).constant->data == "right";
    Type *dt = cast<ArrayType>(array->type())->dtype();
    Type *t = promoteOperands(ctx, {dt, false}, operandOf(info(*e.args[1])));
    Value *v = castTo(gen(*e.args[1]), t);
    b.setLoc(e.range().begin);
    Type *i64 = ctx.int64();
    auto lt = [&](Value *x, Value *y) -> Value * {
      Value *less = b.cmp(CmpPredicate::Lt, x, y);
      if (!isa<FloatType>(t))
        return less;
      auto isNan = [&](Value *z) { return b.cmp(CmpPredicate::Ne, z, z); };
      return b.select(less, b.constBool(true),
                      b.select(isNan(y), b.unary(Opcode::Not, isNan(x)), b.constBool(false)));
    };
    std::string lo = temp("search.lo"), hi = temp("search.hi");
    writeVar(lo, i64, RValue::of(b.constInt(i64, 0)));
    writeVar(hi, i64, RValue::of(b.arrayShape(array, 0)));
    Value *l = nullptr, *h = nullptr;
    whileLoop(
        [&] {
          l = readVar(lo, i64).value;
          h = readVar(hi, i64).value;
          return b.cmp(CmpPredicate::Lt, l, h);
        },
        [&] {
          Value *mid = b.binary(Opcode::FloorDiv, b.binary(Opcode::Add, l, h), b.constInt(i64, 2));
          Value *x = castTo(RValue::of(b.arrayLoad(array, {mid})), t);
          Value *after = right ? b.unary(Opcode::Not, lt(v, x)) : lt(x, v); // past mid
          writeVar(lo, i64,
                   RValue::of(b.select(after, b.binary(Opcode::Add, mid, b.constInt(i64, 1)), l)));
          writeVar(hi, i64, RValue::of(b.select(after, h, mid)));
        });
    return readVar(lo, i64);
  }
  if (path == "numpy.real" || path == "numpy.imag") { // of a number (InferCalls)
    Type *from = info(*e.args[0]).type;
    return RValue::of(numberPart(castTo(gen(*e.args[0]), from), from, path == "numpy.imag",
                                 ei.type));
  }
  if (path == "numpy.finfo" || path == "numpy.iinfo" || path == "numpy.dtype" ||
      path == "type") {
    // (type(x): x's scalar type, compile-time as np.float32 is.)
    // A compile-time object (its attributes are constants): nothing at run
    // time but the argument's effects.
    effectsOf(e);
    return RValue{ei.type, nullptr, {}};
  }
  if (path == "tuple") { // tuple() or tuple(t) of a tuple (InferCalls)
    if (e.args.empty()) {
      RValue r;
      r.type = ei.type;
      return r;
    }
    return gen(*e.args[0]);
  }
  if (path == "divmod") {
    const ExprInfo &li = info(*e.args[0]), &ri = info(*e.args[1]);
    RValue l = gen(*e.args[0]), r = gen(*e.args[1]);
    Type *part = cast<TupleType>(ei.type)->elements()[0];
    RValue result;
    result.type = ei.type;
    result.elems = {binary(BinaryOp::FloorDiv, l, operandOf(li), r, operandOf(ri), part),
                    binary(BinaryOp::Mod, l, operandOf(li), r, operandOf(ri), part)};
    return result;
  }
  if (path == "pow") {
    const ExprInfo &li = info(*e.args[0]), &ri = info(*e.args[1]);
    RValue base = gen(*e.args[0]); // (Python's order: a C++ call's arguments have none)
    RValue exponent = gen(*e.args[1]);
    return binary(BinaryOp::Pow, base, operandOf(li), exponent, operandOf(ri), ei.type);
  }
  if (path == "cuda.const.array_like")
    return gen(*e.args[0]);
  if (path == "cuda.lanemask_lt") {
    Instruction *r = b.create(Opcode::SReg, ei.type, {});
    r->intImm = static_cast<int64_t>(SpecialReg::LanemaskLt);
    return RValue::of(r);
  }
  if (path.starts_with("cuda."))
    if (std::optional<CudaFn> cf = lookupCudaFn(path.drop_front(5)))
      return cudaCall(e, *cf);
  if (path.starts_with("coop.block."))
    return coopBlockCall(e, path.drop_front(11));
  if (path.starts_with("coop.warp."))
    return coopWarpCall(e, path.drop_front(10));
  if (path == "cuda.grid" || path == "cuda.gridsize") {
    const Expr &ndim = e.args.empty() ? *e.keywords[0].value : *e.args[0]; // ndim=
    unsigned n = static_cast<unsigned>(info(ndim).constant->i);
    RValue r;
    r.type = ei.type;
    for (unsigned d = 0; d < n; ++d) {
      auto reg = [&](SpecialReg base) {
        return b.cast(b.sreg(static_cast<SpecialReg>(static_cast<int>(base) + d)), ctx.int64());
      };
      Value *v = path == "cuda.grid"
                     ? b.binary(Opcode::Add,
                                b.binary(Opcode::Mul, reg(SpecialReg::CtaidX), reg(SpecialReg::NtidX)),
                                reg(SpecialReg::TidX))
                     : b.binary(Opcode::Mul, reg(SpecialReg::NtidX), reg(SpecialReg::NctaidX));
      r.elems.push_back(RValue::of(v));
    }
    return n == 1 ? r.elems[0] : r;
  }
  if (path.starts_with("cmath."))
    return cmathCall(e, *lookupCMathFn(path.drop_front(6)));
  if (path.starts_with("cuda.fp16.") && isFp16Function(path.drop_front(10)))
    return fp16Call(e, path.drop_front(10));
  if (path.starts_with("cuda.fp16.")) // cuda_fp16.h's names: bf16's lowering in float16
    return bf16Call(e, path.drop_front(10), ctx.floatTy(16));
  if (path.starts_with("cuda.bf16."))
    return bf16Call(e, path.drop_front(10), ctx.bfloat16());
  if (path.starts_with("cuda.libdevice."))
    return libdeviceCall(e, path.drop_front(15));
  if (path.starts_with("extern."))
    return externCall(e, *info(*e.callee).constant);
  if (path.starts_with("cuda.vector.")) { // float32x3(x, y, z), uint32x4(u2, u2)
    auto *tt = cast<TupleType>(ei.type);
    RValue r;
    r.type = ei.type;
    for (const ExprPtr &a : e.args) {
      RValue v = gen(*a);
      if (v.isTuple()) {
        for (const RValue &c : v.elems)
          r.elems.push_back(RValue::of(castTo(c, tt->elements()[r.elems.size()])));
      } else {
        r.elems.push_back(RValue::of(castTo(v, tt->elements()[r.elems.size()])));
      }
    }
    return r;
  }
  if (path.starts_with("namedtuple.")) { // Point(x, y): its fields in order
    const GlobalValue &g = *info(*e.callee).constant;
    llvm::SmallVector<llvm::StringRef, 8> fields;
    llvm::StringRef(g.data).split(fields, ',');
    auto *tt = cast<TupleType>(ei.type);
    RValue r;
    r.type = ei.type;
    std::vector<const Expr *> parts = namedTupleArguments(e, fields);
    for (size_t i = 0; i < parts.size(); ++i) {
      RValue v = gen(*parts[i]);
      r.elems.push_back(v.isTuple() || !v.value ? v : RValue::of(castTo(v, tt->elements()[i])));
    }
    return r;
  }
  const Expr *digits = path == "round" ? roundDigits(e) : nullptr;
  if (digits && isa<NoneType>(info(*digits).type)) // round(x, None) is round(x)
    digits = nullptr;
  if (path == "math.modf" || path == "math.frexp" || path == "numpy.frexp" ||
      path == "numpy.modf" || digits)
    return floatParts(e, path);
  if (path == "numpy.round" || path == "numpy.angle" || path == "numpy.nan_to_num")
    return numpyScalarHelper(e, path.drop_front(6));
  if (path == "numpy.isclose") {
    // NumPy 2's isclose: |a - b| <= atol + rtol * |b| where b is finite, or
    // a == b; with equal_nan, also both NaN. In the operands' float type
    // (float64 for integers; NumPy 2's weak rtol and atol). (numba's
    // _isclose_item differs only for an infinite a with an infinite
    // tolerance: never close there, close in NumPy.)
    std::vector<const Expr *> bound =
        detail::namedTupleArguments(e, detail::numpyParameters("isclose"));
    TypedOperand l = operandOf(info(*bound[0])), r = operandOf(info(*bound[1]));
    Type *t = promoteOperands(ctx, l, r);
    if (auto *ct = dyn_cast<ComplexType>(t))
      return isCloseComplex(bound, ct);
    if (!isa<FloatType>(t) || cast<FloatType>(t)->bits() < 32)
      t = isa<FloatType>(t) ? ctx.float32() : ctx.float64();
    Value *x = scalar(*bound[0], t), *y = scalar(*bound[1], t);
    Value *rtol = bound[2] ? scalar(*bound[2], t) : b.constFloat(t, 1e-05);
    Value *atol = bound[3] ? scalar(*bound[3], t) : b.constFloat(t, 1e-08);
    Value *equalNan = bound[4] ? scalar(*bound[4], ctx.boolean()) : b.constBool(false);
    b.setLoc(e.range().begin);
    auto math = [&](MathFn f, std::vector<Value *> ops) { return mathOp(b, ctx, f, ops); };
    auto both = [&](Value *p, Value *q) { return b.binary(Opcode::BitAnd, p, q); };
    auto either = [&](Value *p, Value *q) { return b.binary(Opcode::BitOr, p, q); };
    Value *close = b.cmp(CmpPredicate::Le, math(MathFn::Fabs, {b.binary(Opcode::Sub, x, y)}),
                         b.binary(Opcode::Add, atol,
                                  b.binary(Opcode::Mul, rtol, math(MathFn::Fabs, {y}))));
    Value *near = either(both(close, math(MathFn::Isfinite, {y})), b.cmp(CmpPredicate::Eq, x, y));
    Value *bothNan = both(math(MathFn::Isnan, {x}), math(MathFn::Isnan, {y}));
    return RValue::of(either(near, both(equalNan, bothNan)));
  }
  if (path == "numpy.divmod") { // (x // y, x % y) by numpy's loops
    std::vector<RValue> v{gen(*e.args[0]), gen(*e.args[1])};
    std::vector<TypedOperand> ops{operandOf(info(*e.args[0])), operandOf(info(*e.args[1]))};
    Type *t = cast<TupleType>(ei.type)->elements()[0];
    b.setLoc(e.range().begin);
    RValue r;
    r.type = ei.type;
    for (BinaryOp op : {BinaryOp::FloorDiv, BinaryOp::Mod})
      r.elems.push_back(
          numpyOperatorValues({NumpyOperatorUfunc::Kind::Binary, op}, v, ops, t));
    return r;
  }
  if (path.starts_with("math.") || path == "round") {
    MathFn mf = path == "round" ? MathFn::Round : *lookupMathFn(path.drop_front(5));
    size_t nargs = path == "round" ? 1 : e.args.size();
    std::vector<TypedOperand> ops;
    for (size_t i = 0; i < nargs; ++i)
      ops.push_back({info(*e.args[i]).type, info(*e.args[i]).weak});
    Type *operand = mathOperandType(ctx, mf, ops, numpyLoop);
    std::vector<RValue> values; // literals take the operand type exactly (scalar())
    for (size_t i = 0; i < nargs; ++i)
      values.push_back(RValue::of(
          scalar(*e.args[i], mf == MathFn::Ldexp && i == 1 ? ctx.int32() : operand)));
    return mathValues(mf, values, operand, ei.type);
  }
  if (path == "abs")
    return numpyCall(e, "abs");
  if (path == "numpy.asarray") // an array itself (inference)
    return gen(*e.args[0]);
  if (path.starts_with("numpy."))
    return numpyCall(e, path.drop_front(6));
  if (path == "sum" || path == "any" || path == "all") {
    // Python's over a 1-d array or a tuple: acc = start; acc = acc + x (in
    // the unified type, InferCalls), or the truth of each and-ed / or-ed.
    RValue it = gen(*e.args[0]);
    bool sum = path == "sum";
    if (!sum && !isa<TupleType>(info(*e.args[0]).type))
      return arrayReduction(path, it.value, ei.type, e.range()); // a.any(), a.all()
    std::string acc = temp(sum ? "sum" : "truth");
    Type *t = ei.type;
    writeVar(acc, t, sum ? (e.args.size() == 2 ? RValue::of(scalar(*e.args[1], t))
                                               : RValue::of(b.constInt(ctx.int64(), 0)))
                         : RValue::of(b.constBool(path == "all")));
    auto step = [&](RValue x, Type *xt) {
      RValue old = readVar(acc, t);
      if (sum) {
        writeVar(acc, t, binary(BinaryOp::Add, old, {t, false}, x, {xt, false}, t));
        return;
      }
      Value *truth = castTo(x, ctx.boolean());
      writeVar(acc, t, RValue::of(path == "all" ? b.select(truth, old.value, b.constBool(false))
                                                : b.select(truth, b.constBool(true), old.value)));
    };
    if (auto *tt = dyn_cast<TupleType>(info(*e.args[0]).type)) {
      for (size_t i = 0; i < tt->size(); ++i)
        step(it.elems[i], tt->elements()[i]);
    } else {
      Type *dt = cast<ArrayType>(it.value->type())->dtype();
      forEachElement(it.value, [&](Value *v) { step(RValue::of(v), dt); });
    }
    return readVar(acc, t);
  }
  if (path == "min" || path == "max") {
    Opcode op = path == "min" ? Opcode::Min : Opcode::Max;
    // numba-cuda (cudaimpl.py, cpython/builtins.py): of two float32/float64
    // arguments, libdevice's fmax/fmin (PTX max.f64: a NaN operand loses,
    // max(nan, 1.0) is 1.0); of anything else (three or more arguments, a
    // tuple, float16, integers with floats) Python's algorithm, acc = v if
    // v > acc else acc, so a NaN first stays and a NaN later is passed over
    // (max(nan, 1.0, 2.0) is nan, max(1.0, nan, 2.0) 2.0). Ties keep the first.
    auto *ft = dyn_cast<FloatType>(ei.type);
    auto wideFloat = [&](const Expr &a) {
      auto *t = dyn_cast<FloatType>(info(a).type);
      return t && t->bits() >= 32;
    };
    bool libdevice = ft && ft->bits() >= 32 && e.args.size() == 2 && wideFloat(*e.args[0]) &&
                     wideFloat(*e.args[1]);
    auto pick = [&](Value *acc, Value *v) -> Value * {
      if (libdevice) { // __nv_fmax(f): llvm.maxnum, PTX max.f64
        Instruction *call = b.create(Opcode::Libdevice, ei.type, {acc, v});
        call->text = std::string(path == "min" ? "fmin" : "fmax") + (ft->bits() == 32 ? "f" : "");
        return call;
      }
      if (!ft)
        return b.binary(op, acc, v);
      return b.select(b.cmp(path == "min" ? CmpPredicate::Lt : CmpPredicate::Gt, v, acc), v, acc);
    };
    if (e.args.size() == 1 && isa<ArrayType>(info(*e.args[0]).type)) {
      // max(a) of a 1-d array, as Python's over an iterable: the first
      // element, then each later one that is greater (a NaN first stays, a
      // later NaN is passed over); an empty array raises ValueError where
      // checked, else gives the first element's place-holder, 0.
      Value *array = gen(*e.args[0]).value;
      Type *i64 = ctx.int64();
      Value *size = b.arrayShape(array, 0);
      if (boundsCheck)
        raiseUnless(b.cmp(CmpPredicate::Gt, size, b.constInt(i64, 0)), "ValueError",
                    path.str() + "() arg is an empty sequence", {}, e.range().begin);
      std::string acc = temp("minmax"), started = temp("minmax.started");
      writeVar(acc, ei.type, RValue::of(constant(GlobalValue::ofInt(0), ei.type)));
      writeVar(started, ctx.boolean(), RValue::of(b.constBool(false)));
      forEachElement(array, [&](Value *v) {
        Value *old = readVar(acc, ei.type).value;
        Value *first = b.unary(Opcode::Not, readVar(started, ctx.boolean()).value);
        Value *next = isa<BoolType>(ei.type) ? b.binary(op, old, v) : pick(old, v);
        writeVar(acc, ei.type, RValue::of(b.select(first, v, next)));
        writeVar(started, ctx.boolean(), RValue::of(b.constBool(true)));
      });
      return readVar(acc, ei.type);
    }
    if (e.args.size() == 1) { // max(t) of a tuple
      RValue t = gen(*e.args[0]);
      Value *acc = castTo(t.elems[0], ei.type);
      for (size_t i = 1; i < t.elems.size(); ++i)
        acc = pick(acc, castTo(t.elems[i], ei.type));
      return RValue::of(acc);
    }
    Value *acc = scalar(*e.args[0], ei.type);
    for (size_t i = 1; i < e.args.size(); ++i)
      acc = pick(acc, scalar(*e.args[i], ei.type));
    return RValue::of(acc);
  }
  if (path.starts_with("dtype.") && e.args.size() == 2) { // np.complex128(re, im)
    Type *part = ctx.floatTy(cast<ComplexType>(ei.type)->partBits());
    return RValue::of(b.create(Opcode::ComplexMake, ei.type,
                               {scalar(*e.args[0], part), scalar(*e.args[1], part)}));
  }
  if (path == "int" || path == "float" || path == "bool" || path.starts_with("dtype."))
    return RValue::of(scalar(*e.args[0], ei.type));
  if (path == "literal_unroll")
    return gen(*e.args[0]);
  if (path == "breakpoint") {
    b.setLoc(e.range().begin);
    Instruction *stop = b.create(Opcode::Cuda, ctx.none(), {});
    stop->intImm = static_cast<int64_t>(CudaFn::Breakpoint);
    return RValue{ctx.none(), nullptr, {}};
  }
  if (path == "ffi.from_buffer") { // the array's data as a pointer (extent 0: ArrayType)
    Value *array = gen(*e.args[0]).value;
    return RValue::of(b.create(Opcode::ArrayReshape, ei.type, {array, b.constInt(ctx.int64(), 0)}));
  }
  if (path == "carray" || path == "farray") {
    // The pointer's items as a C array of the shape (ArrayReshape: C
    // strides from the extents); a Fortran one is the C array of the
    // reversed shape, transposed.
    Value *pointer = gen(*e.args[0]).value;
    RValue shape = gen(*e.args[1]);
    std::vector<Value *> extents;
    if (isa<TupleType>(info(*e.args[1]).type))
      for (const RValue &x : shape.elems)
        extents.push_back(castTo(x, ctx.int64()));
    else
      extents.push_back(castTo(shape, ctx.int64()));
    auto *at = cast<ArrayType>(ei.type);
    bool fortran = path == "farray";
    if (boundsCheck) {
      // As for p[i] (IRGen::wrapIndex): items of a null pointer are refused
      // where indices are checked; a view of no items is harmless.
      Value *items = b.constInt(ctx.int64(), 1);
      for (Value *x : extents)
        items = b.binary(Opcode::Mul, items, x);
      Value *address = b.create(Opcode::ArrayAddress, ctx.uint64(), {pointer});
      Value *empty = b.cmp(CmpPredicate::Eq, items, b.constInt(ctx.int64(), 0));
      raiseUnless(b.select(addressMapped(address), b.constBool(true), empty), "ValueError",
                  path.str() + "() of a null pointer (address {0:#x}; no memory lies below "
                               "0x10000) with {1} items",
                  {address, items}, e.range().begin);
    }
    if (fortran)
      std::reverse(extents.begin(), extents.end());
    std::vector<Value *> ops{pointer};
    ops.insert(ops.end(), extents.begin(), extents.end());
    if (!fortran || at->ndim() <= 1)
      return RValue::of(b.create(Opcode::ArrayReshape, at, ops));
    Value *c = b.create(Opcode::ArrayReshape, ctx.array(at->dtype(), at->ndim(), Layout::C), ops);
    return RValue::of(b.create(Opcode::ArrayTranspose, at, {c}));
  }
  if (path == "len" && isa<NoneType, RangeType>(info(*e.args[0]).type)) // len(range(..)), len(r)
    return RValue::of(rangeLength(*e.args[0]));
  if (path == "range") // a range object (r = range(n))
    return rangeObject(e);
  if (path == "iter")
    return iteratorObject(e);
  if (path == "next")
    return iteratorNext(e);
  if (path == "slice")
    return sliceObject(e);
  if (path == "method.slice.indices")
    return sliceIndices(e);
  if (path == "len" && isa<FlatIterType>(info(*e.args[0]).type)) // len(a.flat): a.size
    return RValue::of(elementCount(flatArray(*e.args[0])));
  if (path == "len") {
    Value *x = gen(*e.args[0]).value;
    if (isa<CharSeqType>(x->type())) // a bytes or str item
      return RValue::of(b.create(Opcode::CharsLen, ctx.int64(), {x}));
    return RValue::of(b.arrayShape(x, 0));
  }
  diags.error(e.range(), "calling '" + path + "' is not supported in kernels");
  return {};
}

// Device functions are inlined at each call: the callee's body is lowered in
// a new frame (its own variable namespace), `return` branches to a block
// after the call, and the result is an SSA variable read there.
RValue IRGen::inlineCall(const CallExpr &e, const CallBinding &binding) {
  return inlineFunction(*binding.callee, callArguments(binding, e), e.range());
}

std::vector<RValue> IRGen::callArguments(const CallBinding &binding, const CallExpr &call) {
  const TypedFunction &callee = *binding.callee;
  // Every argument expression first, once each, in Python's order: `f(b=g(),
  // a=h())` runs g() first, though it binds the second parameter, and
  // `f(*make())` runs make() even when the tuple it gives binds nothing.
  std::map<const Expr *, RValue> values;
  auto evaluate = [&](const Expr *x) {
    if (!values.count(x))
      values.emplace(x, gen(*x));
  };
  if (binding.self) // x.name(...) of an overloaded method: x first
    evaluate(binding.self);
  for (const ExprPtr &a : call.args)
    evaluate(isa<StarredExpr>(*a) ? cast<StarredExpr>(*a).value.get() : a.get());
  for (const Keyword &k : call.keywords)
    evaluate(k.value.get());
  // An argument's value; `element` >= 0: that element of a `*tuple`'s.
  auto valueOf = [&](const Expr *x, int element) {
    const RValue &v = values.at(x);
    return element < 0 ? v : v.elems[element];
  };
  std::vector<RValue> args;
  for (size_t i = 0; i < binding.args.size(); ++i) {
    if (static_cast<int>(i) == binding.varargParam) { // `*args`: the tuple of the rest
      RValue t;
      t.type = callee.paramTypes[i];
      for (const auto &[arg, element] : binding.varargs)
        t.elems.push_back(valueOf(arg, element));
      args.push_back(std::move(t));
      continue;
    }
    if (!binding.args[i]) {
      if (isa<NoneType>(callee.paramTypes[i]))
        args.push_back(RValue{ctx.none(), nullptr, {}}); // `scale=None`: no run-time value
      else if (binding.defaults[i].isString() || // `kind="add"`: a compile-time value
               binding.defaults[i].kind == GlobalValue::Kind::DType)
        args.push_back(RValue{callee.paramTypes[i], nullptr, {}});
      else
        args.push_back(constantValue(binding.defaults[i], callee.paramTypes[i]));
    } else {
      args.push_back(valueOf(binding.args[i], binding.elements[i]));
    }
  }
  return args;
}

const std::string &RecursiveCallees::nameOf(const TypedFunction &callee) {
  auto [it, added] = names.try_emplace(&callee);
  if (added) {
    // Internal to the module: the name only has to be unique in it.
    it->second = "__pyjit_fn_" + callee.def->name + "_" + std::to_string(order.size());
    order.push_back(&callee);
  }
  return it->second;
}

static bool holdsAllocation(const RValue &v,
                            llvm::function_ref<bool(const Instruction &alloc)> alloc);

RValue IRGen::recursiveCall(const CallExpr &e, const CallBinding &binding) {
  return callFunction(*binding.callee, callArguments(binding, e));
}

RValue IRGen::outlinedCall(const CallExpr &e, const CallBinding &binding) {
  std::vector<RValue> args = callArguments(binding, e);
  // Shared memory passed in (a view of a cuda.shared.array) stays inlined:
  // the callee would reach it through generic pointers, unseen by the
  // CPU backend's race check and slower on the GPU.
  auto shared = [](const Instruction &alloc) { return alloc.intImm == 3; };
  if (llvm::any_of(args, [&](const RValue &a) { return holdsAllocation(a, shared); }))
    return inlineFunction(*binding.callee, std::move(args), e.range());
  return callFunction(*binding.callee, std::move(args));
}

RValue IRGen::callFunction(const TypedFunction &callee, std::vector<RValue> args) {
  assert(callees && "a call of a function of the module outside generateModule");
  // The callee's parameters as its IRGen makes them (run(): a tuple as its
  // elements, None and functions as nothing, a record as its 1-element array).
  std::vector<Value *> operands;
  std::function<void(const RValue &, Type *)> pass = [&](const RValue &v, Type *t) {
    if (auto *tt = dyn_cast<TupleType>(t)) {
      for (size_t k = 0; k < tt->size(); ++k)
        pass(v.elems.at(k), tt->elements()[k]);
    } else if (Type *part = threeIntegers(t)) { // a range or slice object: start, stop, step
      for (size_t k = 0; k < 3; ++k)
        operands.push_back(castTo(v.elems.at(k), part));
    } else if (auto *ft = dyn_cast<FlatIterType>(t)) { // a.flat: its array
      Value *a = v.elems.at(0).value;
      operands.push_back(a->type() == ft->array() ? a : b.create(Opcode::ArrayCast, ft->array(), {a}));
    } else if (auto *it = dyn_cast<IteratorType>(t)) { // its position's array, its source
      operands.push_back(v.elems.at(0).value);
      pass(v.elems.at(1), it->source());
    } else if (isa<RecordType>(t)) {
      operands.push_back(v.elems.at(0).value);
    } else if (isa<ArrayType>(t)) {
      Value *a = v.value;
      operands.push_back(a->type() == t ? a : b.create(Opcode::ArrayCast, t, {a}));
    } else if (!isa<NoneType, BuiltinType>(t)) { // (a function passed: nothing at run time)
      operands.push_back(castTo(v, t));
    }
  };
  for (size_t i = 0; i < args.size(); ++i)
    pass(args[i], callee.paramTypes[i]);
  const bool throughSlots = returnsThroughSlots(callee.returnType);
  std::vector<Value *> slots; // a tuple's numbers come back in local arrays (run())
  if (throughSlots) {
    std::vector<Type *> leaves;
    returnedLeaves(callee.returnType, leaves);
    for (Type *leaf : leaves) {
      Instruction *slot = b.create(Opcode::AllocArray, ctx.array(leaf, 1, Layout::C),
                                   {b.constInt(ctx.int64(), 1)});
      slot->intImm = 5; // local memory (the entry block's: one per call site)
      slots.push_back(slot);
      operands.push_back(slot);
    }
  }
  Instruction *call =
      b.create(Opcode::Call, throughSlots ? ctx.none() : callee.returnType, std::move(operands));
  call->text = callees->nameOf(callee);
  if (throughSlots) {
    size_t next = 0;
    auto load = [&] { return RValue::of(b.arrayLoad(slots[next++], {b.constInt(ctx.int64(), 0)})); };
    std::function<RValue(Type *)> rebuild = [&](Type *t) -> RValue {
      RValue r{t, nullptr, {}};
      if (auto *tt = dyn_cast<TupleType>(t)) {
        for (Type *e : tt->elements())
          r.elems.push_back(rebuild(e));
      } else if (threeIntegers(t)) {
        for (int k = 0; k < 3; ++k)
          r.elems.push_back(load());
      } else if (!isa<NoneType>(t)) {
        return load();
      }
      return r;
    };
    return rebuild(callee.returnType);
  }
  if (isa<NoneType>(callee.returnType))
    return RValue{ctx.none(), nullptr, {}};
  return RValue::of(call);
}

bool IRGen::outlines(const TypedFunction &callee) const {
  if (!callees || !callees->outline)
    return false;
  auto it = callees->inlined.find(&callee);
  return it != callees->inlined.end() && it->second.callable;
}

void IRGen::recordInlined(const TypedFunction &callee, size_t firstInstruction,
                          size_t firstBlock, BasicBlock *entry, size_t entryBegin,
                          size_t sharedBefore, size_t placedBefore) {
  if (!callees || callees->inlined.count(&callee))
    return;
  RecursiveCallees::Inlined &rec = callees->inlined[&callee];
  rec.instructions = b.created() - firstInstruction;
  if (rec.instructions < kOutlineInstructions || !callee.freeVars.empty() ||
      definingPrefix.count(callee.def) || // a nested def: typed with its definer
      sharedArrays.size() != sharedBefore || placedStorage.size() != placedBefore)
    return;
  if (!returnableFromCall(callee.returnType))
    return;
  for (Type *t : callee.paramTypes)
    if (!passableToCall(t) || isa<BuiltinType>(t)) // (a function passed may be a closure)
      return;
  // No block-wide state: shared memory (allocated, or a coop tile's storage
  // placed in the entry block and used here) or a coop block primitive.
  auto blockWide = [](const Instruction &inst) {
    if (inst.opcode() == Opcode::Coop ||
        (inst.opcode() == Opcode::AllocArray && inst.intImm == 3))
      return true;
    return llvm::any_of(inst.operands(), [](const Value *v) {
      auto *a = llvm::dyn_cast_or_null<Instruction>(v);
      return a && a->opcode() == Opcode::AllocArray && a->intImm == 3;
    });
  };
  auto scan = [&](const BasicBlock &bb, size_t from) {
    const auto &insts = bb.instructions();
    return std::none_of(insts.begin() + std::min(from, insts.size()), insts.end(),
                        [&](const auto &inst) { return blockWide(*inst); });
  };
  // The block the call began in, from where it stood (a phi added at its
  // top meanwhile only brings an earlier instruction into the range), and
  // the blocks made since.
  if (!scan(*entry, entryBegin))
    return;
  for (size_t i = firstBlock; i < fn->blocks().size(); ++i)
    if (!scan(*fn->blocks()[i], 0))
      return;
  rec.callable = true;
}

RValue IRGen::inlineFunction(const TypedFunction &callee, std::vector<RValue> args,
                             SourceRange range) {
  // Type inference refuses deeper chains of device functions; nested defs
  // (typed with their caller) are counted here too, and the chain of them
  // is as deep as the source nests them.
  assert(frames.size() <= 2 * DeviceFunctionRegistry::MaxDepth + 64 &&
         "inlined deeper than type inference allows");
  const size_t firstInstruction = b.created(), firstBlock = fn->blocks().size();
  const size_t sharedBefore = sharedArrays.size(), placedBefore = placedStorage.size();
  BasicBlock *entry = cur();
  const size_t entryBegin = entry->instructions().size();
  BasicBlock *after = fn->createBlock();
  const SourceFile *callerFile = b.currentFile();
  std::string prefix = "f"; // f<n>. (appended: GCC 12's -Wrestrict misreads "f" + std::string)
  prefix += std::to_string(tempId++);
  prefix += '.';
  frames.push_back({&callee, prefix, after, "$result", callerFile, range.begin});
  const TypedFunction *caller = typed;
  typed = &callee;
  uint32_t callerSite = b.currentInlineSite();
  if (debugInfo) { // the inlined frame, for debug information (InlineSite)
    fn->inlineSites.push_back({callee.def->name, callee.file, callee.def->range.begin.line,
                               callerSite, range.begin, callerFile});
    b.setInlineSite(static_cast<uint32_t>(fn->inlineSites.size()));
  }
  b.setFile(callee.file);
  {
    DiagnosticEngine::FileScope scope(diags, *callee.file);
    zeroOwnVariables(callee); // first: a parameter writes its phis
    for (size_t i = 0; i < args.size(); ++i) {
      const std::string &name = callee.def->params[i].name;
      writeVar(name, localType(name), args[i], static_cast<unsigned>(i + 1));
    }
    recordNestedDefs(callee.def->body);
    block(callee.def->body, /*isBody=*/true);
    if (reachable() && isa<OptionalType>(callee.returnType)) // the end: None
      writeVar("$result", callee.returnType, RValue{ctx.none(), nullptr, {}});
    jumpTo(after); // falling off the end returns None
  }
  b.setFile(callerFile);
  b.setInlineSite(callerSite);
  ssa.sealBlock(after);
  enter(after);
  RValue result;
  result.type = callee.returnType;
  if (!isa<NoneType>(callee.returnType))
    result = readVar("$result", callee.returnType);
  typed = caller;
  frames.pop_back();
  recordInlined(callee, firstInstruction, firstBlock, entry, entryBegin, sharedBefore,
                placedBefore);
  return result;
}


void IRGen::zeroOwnVariables(const TypedFunction &callee) {
  std::set<std::string> names;
  ast::forEachAssignedName(callee.def->body, [&](const std::string &n) { names.insert(n); },
                           [](const FunctionDef &) {});
  for (const auto &[version, phis] : callee.def->phiTargets)
    names.insert(phis.begin(), phis.end());
  // (A target in a branch decided when compiling keeps the source's name,
  // which may be a parameter's.)
  for (const Param &p : callee.def->params)
    names.erase(p.name);
  bool debug = debugInfo; // (not a value the user assigned)
  debugInfo = false;
  for (const std::string &name : names) {
    auto it = callee.locals.find(name);
    if (it != callee.locals.end() && it->second && it->second->isScalar())
      writeVar(name, it->second, RValue::of(constant(GlobalValue::ofInt(0), it->second)));
  }
  debugInfo = debug;
}

RValue IRGen::arrayAlloc(const CallExpr &e, bool shared) {
  const std::vector<int64_t> &dims = typed->allocExtents.at(&e);
  std::vector<Value *> extents;
  for (int64_t d : dims)
    extents.push_back(b.constInt(ctx.int64(), d));
  Instruction *alloc = b.create(Opcode::AllocArray, info(e).type, extents);
  alloc->intImm = shared ? 3 : 5;
  if (auto it = typed->allocAlignments.find(&e); it != typed->allocAlignments.end())
    alloc->alignment = static_cast<uint32_t>(it->second);
  if (shared) {
    auto [site, added] = sharedSites.try_emplace(std::make_tuple(typed, &e, info(e).type),
                                                 static_cast<uint32_t>(sharedSiteOwners.size() + 1));
    if (added)
      sharedSiteOwners.push_back(typed);
    alloc->allocSite = site->second;
    sharedArrays.push_back({alloc, e.range()});
  }
  return RValue::of(alloc);
}

/// Whether \p inst is an array viewing its operand 0's memory (a view, a
/// cast, a reshape or transpose, a field or part of its elements).
static bool isViewOfOperand(const Instruction &inst) {
  switch (inst.opcode()) {
  case Opcode::ArrayView:
  case Opcode::ArrayCast:
  case Opcode::ArrayReshape:
  case Opcode::ArrayTranspose:
  case Opcode::ArrayNewAxis:
  case Opcode::ArrayFieldView:
  case Opcode::ComplexPartView:
  case Opcode::RecordFieldView:
    return true;
  default:
    return false;
  }
}

/// Whether a value of `v` (an element of a tuple too) is an array that
/// `alloc` holds for (an AllocArray, through views, casts and phis).
static bool holdsAllocation(const RValue &v,
                            llvm::function_ref<bool(const Instruction &alloc)> alloc) {
  std::set<const Value *> seen;
  std::function<bool(const Value *)> from = [&](const Value *value) {
    auto *inst = llvm::dyn_cast_or_null<Instruction>(value);
    if (!inst || !seen.insert(value).second)
      return false;
    switch (inst->opcode()) {
    case Opcode::AllocArray:
      return alloc(*inst);
    case Opcode::Phi:
      return llvm::any_of(inst->operands(), from);
    default:
      return isViewOfOperand(*inst) && from(inst->operand(0));
    }
  };
  std::function<bool(const RValue &)> holds = [&](const RValue &r) {
    return from(r.value) || llvm::any_of(r.elems, holds);
  };
  return holds(v);
}

bool IRGen::returnsOwnSharedArray(const RValue &v, SourceRange where) {
  auto own = [&](const Instruction &alloc) {
    return alloc.intImm == 3 && alloc.allocSite && sharedSiteOwners[alloc.allocSite - 1] == typed;
  };
  if (!holdsAllocation(v, own))
    return false;
  diags.error(where, "a device function cannot return a cuda.shared.array it declares: the "
                     "array is one per device function (as in numba-cuda, which refuses this "
                     "too), so every call would return the same memory; pass the array in as "
                     "an argument");
  return true;
}

RValue IRGen::cudaCall(const CallExpr &e, CudaFn fn) {
  Type *rt = info(e).type;
  Type *u32 = ctx.intTy(32, false);
  std::vector<Value *> ops;
  auto arg = [&](size_t i, Type *t) { ops.push_back(scalar(*e.args[i], t)); };
  auto emit = [&](Type *type) {
    Instruction *inst = b.create(Opcode::Cuda, type, ops);
    inst->intImm = static_cast<int64_t>(fn);
    return inst;
  };
  switch (fn) {
  case CudaFn::Syncthreads:
  case CudaFn::Threadfence:
  case CudaFn::ThreadfenceBlock:
  case CudaFn::ThreadfenceSystem:
    return RValue::of(emit(rt));
  case CudaFn::Activemask: {
    Instruction *inst = emit(rt);
    inst->siteOrder = ++activemasks;
    return RValue::of(inst);
  }
  case CudaFn::Syncwarp:
    if (e.args.empty())
      ops.push_back(b.constInt(u32, 0xffffffff));
    else
      arg(0, u32);
    return RValue::of(emit(rt));
  case CudaFn::SyncthreadsCount:
  case CudaFn::SyncthreadsAnd:
  case CudaFn::SyncthreadsOr:
    arg(0, ctx.boolean());
    return RValue::of(emit(rt));
  case CudaFn::ThisGrid:
    return RValue::of(emit(rt));
  case CudaFn::GridSync:
    ops.push_back(gen(*cast<AttributeExpr>(*e.callee).value).value); // the GridGroup
    return RValue::of(emit(rt));
  case CudaFn::Nanosleep:
    arg(0, u32);
    return RValue::of(emit(rt));
  case CudaFn::ShflSync:
  case CudaFn::ShflUpSync:
  case CudaFn::ShflDownSync:
  case CudaFn::ShflXorSync:
    arg(0, u32);
    arg(1, rt);
    arg(2, ctx.int32());
    return RValue::of(emit(rt));
  case CudaFn::AllSync:
  case CudaFn::AnySync:
  case CudaFn::EqSync:
  case CudaFn::BallotSync:
    arg(0, u32);
    arg(1, ctx.boolean());
    return RValue::of(emit(rt));
  case CudaFn::MatchAnySync:
  case CudaFn::MatchAllSync: {
    Type *given = info(*e.args[1]).type;
    arg(0, u32);
    if (auto *ft = dyn_cast<FloatType>(given)) {
      // A float's bits, as numba-cuda's lowering compares them (a 16-bit
      // float's widened to 32 bits with zeros, the same in every lane).
      Value *bits = b.create(Opcode::Bitcast, ctx.intTy(ft->bits(), false),
                             {scalar(*e.args[1], ft)});
      ops.push_back(b.cast(bits, ft->bits() > 32 ? ctx.int64() : ctx.int32()));
    } else {
      auto *vt = cast<IntType>(isa<IntType>(given) ? given : ctx.int32());
      arg(1, vt->bits() > 32 ? ctx.int64() : ctx.int32());
    }
    if (fn == CudaFn::MatchAnySync)
      return RValue::of(emit(rt));
    // match_all_sync gives (mask if every lane's value matches else 0, pred).
    Value *m = emit(u32);
    RValue r;
    r.type = rt;
    r.elems = {RValue::of(m), RValue::of(b.cmp(CmpPredicate::Ne, m, b.constInt(u32, 0)))};
    return r;
  }
  case CudaFn::Brev: // (uint32 or uint64: inference)
    arg(0, rt);
    return RValue::of(emit(rt));
  case CudaFn::Popc:
  case CudaFn::Clz:
  case CudaFn::Ffs: {
    Type *at = info(*e.args[0]).type;
    arg(0, isa<BoolType>(at) ? ctx.int32() : at);
    return RValue::of(emit(rt));
  }
  case CudaFn::Cbrt:
    arg(0, rt);
    return RValue::of(emit(rt));
  case CudaFn::Fma:
    arg(0, rt);
    arg(1, rt);
    arg(2, rt);
    return RValue::of(emit(rt));
  case CudaFn::Selp:
    arg(0, ctx.boolean());
    arg(1, rt);
    arg(2, rt);
    return RValue::of(b.select(ops[0], ops[1], ops[2]));
  default:
    break;
  }
  // Atomics and cache-hinted loads and stores: (array, indices..., values...).
  Value *array = gen(*e.args[0]).value;
  ops.push_back(array);
  size_t firstValue = 2;
  if (fn == CudaFn::AtomicCompareAndSwap) {
    ops.push_back(b.constInt(ctx.int64(), 0));
    firstValue = 1;
  } else {
    for (Value *i : arrayIndices(array, *e.args[1]))
      ops.push_back(i);
  }
  for (size_t i = firstValue; i < e.args.size(); ++i)
    arg(i, cast<ArrayType>(array->type())->dtype()); // (a store's value too)
  Instruction *inst = emit(rt);
  return isa<NoneType>(rt) ? RValue{rt, nullptr, {}} : RValue::of(inst);
}

RValue IRGen::libdeviceCall(const CallExpr &e, llvm::StringRef name) {
  const LibdeviceFunction &f = *lookupLibdevice(name);
  Type *i64 = ctx.int64();
  std::vector<Value *> ops;
  llvm::SmallVector<llvm::StringRef, 4> params = libdeviceTypeList(f.params);
  for (size_t i = 0; i < params.size(); ++i)
    ops.push_back(scalar(*e.args[i], ctx.scalarByName(params[i])));
  // Each output: a 1-element local array the call writes, read after it.
  std::vector<Instruction *> outputs;
  for (llvm::StringRef out : libdeviceTypeList(f.outputs)) {
    Instruction *a = b.create(Opcode::AllocArray, ctx.array(ctx.scalarByName(out), 1, Layout::C),
                              {b.constInt(i64, 1)});
    a->intImm = 5; // local
    outputs.push_back(a);
    ops.push_back(a);
  }
  bool isVoid = llvm::StringRef(f.result) == "void";
  b.setLoc(e.range().begin);
  Instruction *call = b.create(Opcode::Libdevice, isVoid ? ctx.none() : ctx.scalarByName(f.result),
                               ops);
  call->text = f.name;
  Value *result = call;
  if (llvm::is_contained({"isinff", "isinfd", "isnanf", "isnand", "finitef", "isfinited",
                          "signbitf", "signbitd"},
                         name)) {
    // libdevice's predicates return some non-zero int for true (the C
    // library's, on the CPU backend, another one: isinff(-inf) is -1 in
    // glibc): 1, on both.
    Type *i32 = call->type();
    result = b.select(b.cmp(CmpPredicate::Ne, call, b.constInt(i32, 0)), b.constInt(i32, 1),
                      b.constInt(i32, 0));
  }
  RValue r;
  r.type = info(e).type;
  if (!isVoid)
    r.elems.push_back(RValue::of(result));
  for (Instruction *a : outputs)
    r.elems.push_back(RValue::of(b.arrayLoad(a, {b.constInt(i64, 0)})));
  return r.elems.size() == 1 ? r.elems[0] : r;
}

RValue IRGen::numpyOperatorCall(const CallExpr &e, const NumpyOperatorUfunc &u) {
  std::vector<RValue> v;
  std::vector<TypedOperand> ops;
  for (const ExprPtr &a : e.args) {
    v.push_back(gen(*a));
    ops.push_back(operandOf(info(*a)));
  }
  b.setLoc(e.range().begin);
  return numpyOperatorValues(u, v, ops, info(e).type);
}

RValue IRGen::numpyOperatorValues(const NumpyOperatorUfunc &u, const std::vector<RValue> &v,
                                  const std::vector<TypedOperand> &ops, Type *result) {
  using K = NumpyOperatorUfunc::Kind;
  struct { Type *type; } ei{result};
  switch (u.kind) {
  case K::Binary:
    if (isa<BoolType>(ei.type) && (u.binary == BinaryOp::Add || u.binary == BinaryOp::Mul))
      // np.add / np.multiply of bools: numpy's `or` and `and`.
      return RValue::of(b.binary(u.binary == BinaryOp::Add ? Opcode::BitOr : Opcode::BitAnd,
                                 truthy(v[0]), truthy(v[1])));
    return numpyBinary(u.binary, v[0], ops[0], v[1], ops[1], ei.type);
  case K::Compare: {
    Type *common = promoteOperands(ctx, ops[0], ops[1]);
    CmpPredicate pred = predicateOf(u.compare);
    if (isa<ComplexType>(common) && pred != CmpPredicate::Eq && pred != CmpPredicate::Ne)
      return RValue::of(complexOrder(pred, castTo(v[0], common), castTo(v[1], common)));
    auto *li = dyn_cast<IntType>(ops[0].type), *ri = dyn_cast<IntType>(ops[1].type);
    if (li && ri && li->isSigned() != ri->isSigned() && isa<FloatType>(common)) {
      // A signed and a uint64 (NumPy's float64 promotion): compared exactly,
      // as NumPy's 'qQ->?' loops do (NumPy >= 1.25, numba's ufunc_db): a
      // negative signed value is below every unsigned one; else as uint64.
      bool signedLeft = li->isSigned();
      Value *sv = castTo(v[signedLeft ? 0 : 1], ctx.int64());
      Type *u64 = ctx.uint64();
      Value *exact = b.cmp(pred, castTo(v[0], u64), castTo(v[1], u64));
      bool lessLeft = signedLeft; // when the signed one is negative, the left is smaller
      bool whenNegative = pred == CmpPredicate::Ne ||
                          (lessLeft ? pred == CmpPredicate::Lt || pred == CmpPredicate::Le
                                    : pred == CmpPredicate::Gt || pred == CmpPredicate::Ge);
      Value *negative = b.cmp(CmpPredicate::Lt, sv, b.constInt(ctx.int64(), 0));
      return RValue::of(b.select(negative, b.constBool(whenNegative), exact));
    }
    return RValue::of(b.cmp(pred, castTo(v[0], common), castTo(v[1], common)));
  }
  case K::Logical: {
    Opcode op = u.binary == BinaryOp::BitAnd ? Opcode::BitAnd
                : u.binary == BinaryOp::BitOr ? Opcode::BitOr
                                              : Opcode::BitXor;
    return RValue::of(b.binary(op, truthy(v[0]), truthy(v[1])));
  }
  case K::LogicalNot:
    return RValue::of(b.unary(Opcode::Not, truthy(v[0])));
  case K::Invert:
    if (isa<BoolType>(ei.type))
      return RValue::of(b.unary(Opcode::Not, truthy(v[0])));
    return RValue::of(b.unary(Opcode::Invert, castTo(v[0], ei.type)));
  case K::Positive:
    return RValue::of(castTo(v[0], ei.type));
  case K::Negative: // as the unary minus: in the operand's own width, then widened
    if (auto *it = v[0].value ? dyn_cast<IntType>(v[0].value->type()) : nullptr;
        it && it->bits() < 64 && isa<IntType>(ei.type))
      return RValue::of(b.cast(b.unary(Opcode::Neg, v[0].value), ei.type));
    return RValue::of(b.unary(Opcode::Neg, castTo(v[0], ei.type)));
  case K::Conjugate:
    if (auto *ct = dyn_cast<ComplexType>(ei.type)) {
      Value *z = castTo(v[0], ei.type);
      Type *part = ctx.floatTy(ct->partBits());
      Instruction *re = b.create(Opcode::ComplexPart, part, {z});
      re->intImm = 0;
      Instruction *im = b.create(Opcode::ComplexPart, part, {z});
      im->intImm = 1;
      return RValue::of(b.create(Opcode::ComplexMake, ei.type, {re, b.unary(Opcode::Neg, im)}));
    }
    return RValue::of(castTo(v[0], ei.type));
  }
  return {};
}

RValue IRGen::externCall(const CallExpr &e, const GlobalValue &g) {
  ExternSignature sig = *externSignature(ctx, g); // checked by inference
  std::vector<Value *> ops;
  for (size_t i = 0; i < e.args.size(); ++i)
    ops.push_back(sig.params[i].pointer ? gen(*e.args[i]).value
                                        : scalar(*e.args[i], sig.params[i].type));
  b.setLoc(e.range().begin);
  Instruction *call = b.create(Opcode::ExternCall, sig.result, ops);
  call->text = g.name;
  call->intImm = g.i; // 1: the C ABI
  if (!g.llvmIR.empty())
    fn->linkedIR.emplace(g.name, LinkedIR{g.llvmIRLabel, g.llvmIR, frames.back().callFile,
                                          frames.back().callLoc});
  if (isa<NoneType>(sig.result))
    return RValue{sig.result, nullptr, {}};
  return RValue::of(call);
}

RValue IRGen::floatParts(const CallExpr &e, llvm::StringRef path) {
  const ExprInfo &ei = info(e);
  // round computes in float64 (Python's float), rounding to float32 last;
  // modf and frexp in the argument's type, float16 in float32 (libdevice has
  // no half ldexp), the results rounded back (exactly).
  Type *out = path == "round" ? ei.type : cast<TupleType>(ei.type)->elements()[0];
  Type *t = path == "round" ? ctx.float64()
            : cast<FloatType>(out)->bits() == 16 ? ctx.float32()
                                                  : out;
  Value *x = scalar(*e.args[0], t);
  auto math = [&](MathFn f, std::vector<Value *> ops) { return mathOp(b, ctx, f, ops); };
  auto k = [&](double v) { return b.constFloat(t, v); };
  Value *finite = math(MathFn::Isfinite, {x});
  if (path == "math.modf" || path == "numpy.modf") {
    // CPython: (copysign(x - trunc(x), x), trunc(x)); (±0.0, ±inf) for an
    // infinity, NaN twice for a NaN.
    Value *whole = math(MathFn::TruncF, {x});
    Value *frac = b.select(math(MathFn::Isinf, {x}), k(0.0), b.binary(Opcode::Sub, x, whole));
    frac = math(MathFn::Copysign, {frac, x});
    RValue r;
    r.type = ei.type;
    r.elems = {RValue::of(b.cast(frac, out)), RValue::of(b.cast(whole, out))};
    return r;
  }
  if (path == "math.frexp" || path == "numpy.frexp") {
    // x = m * 2**e with 0.5 <= |m| < 1 (C's frexp); (x, 0) for 0, an
    // infinity or NaN. e from log2, corrected by one either way, then m by
    // ldexp (exact).
    Type *i64 = ctx.int64();
    Value *ax = b.unary(Opcode::Abs, x);
    Value *special = b.select(finite, b.cmp(CmpPredicate::Eq, x, k(0.0)), b.constBool(true));
    Value *safe = b.select(special, k(1.0), ax);
    Value *ex = b.binary(Opcode::Add, b.cast(math(MathFn::FloorF, {math(MathFn::Log2, {safe})}), i64),
                         b.constInt(i64, 1));
    auto scaled = [&](Value *by) {
      return math(MathFn::Ldexp, {safe, b.cast(b.unary(Opcode::Neg, by), ctx.int32())});
    };
    Value *m = scaled(ex);
    Value *tooBig = b.cmp(CmpPredicate::Ge, m, k(1.0));
    ex = b.select(tooBig, b.binary(Opcode::Add, ex, b.constInt(i64, 1)), ex);
    Value *tooSmall = b.cmp(CmpPredicate::Lt, m, k(0.5));
    ex = b.select(tooSmall, b.binary(Opcode::Sub, ex, b.constInt(i64, 1)), ex);
    m = math(MathFn::Copysign, {scaled(ex), x});
    RValue r;
    r.type = ei.type;
    Type *exponent = cast<TupleType>(ei.type)->elements()[1]; // int64, numpy's int32
    r.elems = {RValue::of(b.cast(b.select(special, x, m), out)),
               RValue::of(b.cast(b.select(special, b.constInt(i64, 0), ex), exponent))};
    return r;
  }
  // round(x, ndigits): numba's (and CPython 2's) algorithm: scale by a power
  // of ten, round half to even, halfway cases checked on y / 2, scale back;
  // x itself when it is not finite or the scaled value overflows.
  Type *i64 = ctx.int64();
  Value *nd = scalar(*roundDigits(e), i64);
  Value *neg = b.cmp(CmpPredicate::Lt, nd, b.constInt(i64, 0));
  Value *big = b.cmp(CmpPredicate::Gt, nd, b.constInt(i64, 22));
  Value *absNd = b.select(neg, b.unary(Opcode::Neg, nd), nd);
  auto pow10 = [&](Value *n) { return math(MathFn::Pow, {k(10.0), b.cast(n, t)}); };
  Value *pow1 = pow10(b.select(big, b.binary(Opcode::Sub, absNd, b.constInt(i64, 22)), absNd));
  Value *pow2 = b.select(big, k(1e22), k(1.0));
  Value *y = b.select(neg, b.binary(Opcode::TrueDiv, x, pow1),
                      b.binary(Opcode::Mul, b.binary(Opcode::Mul, x, pow1), pow2));
  Value *z = math(MathFn::RintF, {y});
  Value *half = b.cmp(CmpPredicate::Eq, b.unary(Opcode::Abs, b.binary(Opcode::Sub, y, z)), k(0.5));
  z = b.select(half, b.binary(Opcode::Mul, k(2.0),
                              math(MathFn::RintF, {b.binary(Opcode::TrueDiv, y, k(2.0))})),
               z);
  Value *back = b.select(neg, b.binary(Opcode::Mul, z, pow1),
                         b.binary(Opcode::TrueDiv, b.binary(Opcode::TrueDiv, z, pow2), pow1));
  Value *keep = b.select(finite, math(MathFn::Isinf, {y}), b.constBool(true));
  // CPython's bounds: ndigits above 323 keeps x, below -308 gives a zero of
  // x's sign (the powers of ten above would overflow to inf, and 0 * inf).
  keep = b.select(b.cmp(CmpPredicate::Gt, nd, b.constInt(i64, 323)), b.constBool(true), keep);
  Value *r = b.select(keep, x, back);
  Value *zero = math(MathFn::Copysign, {k(0.0), x});
  r = b.select(b.select(finite, b.cmp(CmpPredicate::Lt, nd, b.constInt(i64, -308)),
                        b.constBool(false)),
               zero, r);
  return RValue::of(b.cast(r, ei.type));
}

/// np.round(x, decimals=0), np.angle(z, deg=False) and np.nan_to_num(x,
/// copy, nan=0.0, posinf=None, neginf=None) of a number (\p name without
/// "numpy."), as NumPy computes them on scalars.
RValue IRGen::numpyScalarHelper(const CallExpr &e, llvm::StringRef name) {
  llvm::ArrayRef<llvm::StringRef> fields = detail::numpyParameters(name);
  std::vector<const Expr *> bound = detail::namedTupleArguments(e, fields);
  auto given = [&](size_t i) { return bound[i] && !isa<NoneType>(info(*bound[i]).type); };
  Type *xt = info(*bound[0]).type, *rt = info(e).type;
  Value *x = castTo(gen(*bound[0]), xt);
  std::vector<Value *> extra(fields.size(), nullptr);
  for (size_t i = 1; i < fields.size(); ++i) // (in order, after x: their effects)
    if (given(i))
      extra[i] = gen(*bound[i]).value;
  b.setLoc(e.range().begin);
  auto math = [&](MathFn f, std::vector<Value *> ops) { return mathOp(b, ctx, f, ops); };
  if (name == "angle") {
    Value *re = x, *im = nullptr;
    if (isa<ComplexType>(xt))
      std::tie(re, im) = complexParts(x);
    re = b.cast(re, rt);
    im = im ? b.cast(im, rt) : b.constFloat(rt, 0.0);
    Value *a = math(MathFn::Atan2, {im, re});
    if (extra[1])
      a = b.select(b.cast(extra[1], ctx.boolean()),
                   b.binary(Opcode::Mul, a, b.constFloat(rt, 180.0 / M_PI)), a);
    return RValue::of(a);
  }
  // Each real part on its own (a complex number's two).
  auto eachPart = [&](const std::function<Value *(Value *, Type *)> &f) -> Value * {
    if (auto *ct = dyn_cast<ComplexType>(xt)) {
      Type *part = ctx.floatTy(ct->partBits());
      auto [re, im] = complexParts(x);
      return b.create(Opcode::ComplexMake, xt, {f(re, part), f(im, part)});
    }
    return f(x, xt);
  };
  if (name == "nan_to_num") {
    if (!isa<FloatType, ComplexType>(xt))
      return RValue::of(x); // integers and bools have no NaN or infinity
    return RValue::of(eachPart([&](Value *v, Type *t) {
      auto limit = [&](const char *attr) {
        return b.constFloat(t, machineLimit(t, attr)->f);
      };
      Value *nan = extra[2] ? b.cast(extra[2], t) : b.constFloat(t, 0.0);
      Value *pos = extra[3] ? b.cast(extra[3], t) : limit("max");
      Value *neg = extra[4] ? b.cast(extra[4], t) : limit("min");
      Value *r = b.select(b.cmp(CmpPredicate::Eq, v, b.constFloat(t, INFINITY)), pos, v);
      r = b.select(b.cmp(CmpPredicate::Eq, v, b.constFloat(t, -INFINITY)), neg, r);
      return b.select(math(MathFn::Isnan, {v}), nan, r);
    }));
  }
  // np.round: NumPy's scale, round half to even (rint), scale back: by
  // 10**d for d >= 0 (x * f, then / f), else by 10**-d (x / f, then * f);
  // integers in float64 for d < 0 and themselves otherwise.
  Type *i64 = ctx.int64();
  Value *d = extra[1] ? b.cast(extra[1], i64) : b.constInt(i64, 0);
  Value *nonNegative = b.cmp(CmpPredicate::Ge, d, b.constInt(i64, 0));
  auto roundIn = [&](Value *v, Type *t) {
    Value *absD = b.select(nonNegative, d, b.unary(Opcode::Neg, d));
    Value *f = math(MathFn::Pow, {b.constFloat(t, 10.0), b.cast(absD, t)});
    Value *up = b.binary(Opcode::TrueDiv, math(MathFn::RintF, {b.binary(Opcode::Mul, v, f)}), f);
    Value *down = b.binary(Opcode::Mul, math(MathFn::RintF, {b.binary(Opcode::TrueDiv, v, f)}), f);
    return b.select(nonNegative, up, down);
  };
  if (isa<IntType>(xt)) {
    Value *r = b.cast(roundIn(b.cast(x, ctx.float64()), ctx.float64()), xt);
    return RValue::of(b.select(nonNegative, x, r));
  }
  return RValue::of(eachPart([&](Value *v, Type *t) {
    bool half = cast<FloatType>(t)->bits() == 16; // (in float32, rounded back)
    Type *w = half ? ctx.float32() : t;
    return b.cast(roundIn(b.cast(v, w), w), t);
  }));
}

RValue IRGen::isCloseComplex(const std::vector<const Expr *> &bound, ComplexType *t) {
  // NumPy's isclose: |x - y| <= atol + rtol * |y| where y is finite, or
  // x == y; with equal_nan, also both NaN (a NaN in either part).
  Type *part = ctx.floatTy(t->partBits());
  Value *x = scalar(*bound[0], t), *y = scalar(*bound[1], t);
  Value *rtol = bound[2] ? scalar(*bound[2], part) : b.constFloat(part, 1e-05);
  Value *atol = bound[3] ? scalar(*bound[3], part) : b.constFloat(part, 1e-08);
  Value *equalNan = bound[4] ? scalar(*bound[4], ctx.boolean()) : b.constBool(false);
  b.setLoc(bound[0]->range().begin);
  auto math = [&](MathFn f, std::vector<Value *> ops) { return mathOp(b, ctx, f, ops); };
  auto both = [&](Value *p, Value *q) { return b.binary(Opcode::BitAnd, p, q); };
  auto either = [&](Value *p, Value *q) { return b.binary(Opcode::BitOr, p, q); };
  auto [xr, xi] = complexParts(x);
  auto [yr, yi] = complexParts(y);
  Value *dr = b.binary(Opcode::Sub, xr, yr), *di = b.binary(Opcode::Sub, xi, yi);
  Value *close = b.cmp(CmpPredicate::Le, math(MathFn::Hypot, {dr, di}),
                       b.binary(Opcode::Add, atol,
                                b.binary(Opcode::Mul, rtol, math(MathFn::Hypot, {yr, yi}))));
  Value *finite = both(math(MathFn::Isfinite, {yr}), math(MathFn::Isfinite, {yi}));
  Value *equal = both(b.cmp(CmpPredicate::Eq, xr, yr), b.cmp(CmpPredicate::Eq, xi, yi));
  Value *r = either(both(close, finite), equal);
  Value *xNan = either(math(MathFn::Isnan, {xr}), math(MathFn::Isnan, {xi}));
  Value *yNan = either(math(MathFn::Isnan, {yr}), math(MathFn::Isnan, {yi}));
  return RValue::of(either(r, both(equalNan, both(xNan, yNan))));
}

RValue IRGen::numpyCall(const CallExpr &e, llvm::StringRef name) {
  std::vector<RValue> v;
  std::vector<TypedOperand> ops;
  for (const ExprPtr &a : e.args) {
    v.push_back(gen(*a));
    ops.push_back(operandOf(info(*a)));
  }
  return numpyValues(name, v, ops, info(e).type);
}

std::pair<Value *, Value *> IRGen::complexParts(Value *z) {
  Type *part = ctx.floatTy(cast<ComplexType>(z->type())->partBits());
  Instruction *re = b.create(Opcode::ComplexPart, part, {z});
  Instruction *im = b.create(Opcode::ComplexPart, part, {z});
  im->intImm = 1;
  return {re, im};
}

Value *IRGen::complexOrder(CmpPredicate pred, Value *x, Value *y) {
  // NumPy's CLT/CLE/CGT/CGE (numpy/core/src/umath/loops.c.src): the real
  // parts decide unless equal, and then the imaginary parts; a NaN imaginary
  // part makes the real parts' order false.
  auto [xr, xi] = complexParts(x);
  auto [yr, yi] = complexParts(y);
  auto isnan = [&](Value *v) { return mathOp(b, ctx, MathFn::Isnan, {v}); };
  Value *ordered = b.unary(Opcode::Not, b.binary(Opcode::BitOr, isnan(xi), isnan(yi)));
  CmpPredicate strict = pred == CmpPredicate::Le   ? CmpPredicate::Lt
                        : pred == CmpPredicate::Ge ? CmpPredicate::Gt
                                                   : pred;
  Value *byReal = b.binary(Opcode::BitAnd, b.cmp(strict, xr, yr), ordered);
  Value *byImag = b.binary(Opcode::BitAnd, b.cmp(CmpPredicate::Eq, xr, yr), b.cmp(pred, xi, yi));
  return b.binary(Opcode::BitOr, byReal, byImag);
}

RValue IRGen::numpyValues(llvm::StringRef name, const std::vector<RValue> &in,
                          const std::vector<TypedOperand> &ops, Type *t) {
  bool isFloat = isa<FloatType>(t);
  auto isnan = [&](Value *v) { return mathOp(b, ctx, MathFn::Isnan, {v}); };
  auto arg = [&](size_t i, Type *to) { return castTo(in[i], to); };
  if (isa<ComplexType>(t) && (name == "maximum" || name == "minimum" || name == "fmax" ||
                              name == "fmin")) {
    // NumPy's complex loops: x if CGE(x, y) (CLE for the minima), or if x
    // has a NaN part (maximum/minimum: NaN wins) or y has none (fmax/fmin:
    // NaN loses); else y.
    Value *x = arg(0, t), *y = arg(1, t);
    auto hasNan = [&](Value *z) {
      auto [re, im] = complexParts(z);
      return b.binary(Opcode::BitOr, isnan(re), isnan(im));
    };
    bool max = name == "maximum" || name == "fmax";
    Value *pick = complexOrder(max ? CmpPredicate::Ge : CmpPredicate::Le, x, y);
    pick = b.binary(Opcode::BitOr, pick, name.starts_with("f") ? hasNan(y) : hasNan(x));
    return RValue::of(b.select(pick, x, y));
  }
  if (name == "isnat")
    return RValue::of(b.cmp(CmpPredicate::Eq, b.cast(in[0].value, ctx.int64()),
                            b.constInt(ctx.int64(), kNaT)));
  if (name == "abs") {
    if (isa<ComplexType>(ops[0].type)) { // |z| = hypot(re, im)
      Value *z = in[0].value;
      Instruction *re = b.create(Opcode::ComplexPart, t, {z});
      Instruction *im = b.create(Opcode::ComplexPart, t, {z});
      im->intImm = 1;
      return RValue::of(mathOp(b, ctx, MathFn::Hypot, {re, im}));
    }
    return RValue::of(b.unary(Opcode::Abs, arg(0, t)));
  }
  if (name == "signbit") {
    // The sign bit: true for -0.0 and a negative NaN too (copysign reads it).
    Type *at = isa<FloatType>(ops[0].type) && !ops[0].weak ? ops[0].type : ctx.float64();
    if (isa<IntType>(ops[0].type) || isa<BoolType>(ops[0].type)) {
      Type *it = isa<BoolType>(ops[0].type) || ops[0].weak ? ctx.int64() : ops[0].type;
      Value *v = arg(0, it);
      return RValue::of(b.cmp(CmpPredicate::Lt, v, b.constInt(v->type(), 0)));
    }
    Value *v = arg(0, at);
    Value *s = mathOp(b, ctx, MathFn::Copysign, {b.constFloat(at, 1), v});
    return RValue::of(b.cmp(CmpPredicate::Lt, s, b.constFloat(at, 0)));
  }
  if (name == "clip") {
    // NumPy's: with one bound None, np.maximum(x, lo) or np.minimum(x, hi)
    // (NumPy's clip() calls those); with none, x; with both, its clip loop
    // (numpy/_core/src/umath/clip.cpp), Min(Max(x, lo), hi), where Max(a, b)
    // is a if a is NaN (in a part, for complex) or a > b, else b (Min: a <
    // b); complex numbers ordered by real part, then imaginary. For floats
    // a tie keeps a (>=, <=), as NumPy's loop for scalar bounds does (its
    // loop for array bounds gives the bound's zero on a 0.0/-0.0 tie).
    bool lo = !isa<NoneType>(ops[1].type), hi = !isa<NoneType>(ops[2].type);
    if (!lo || !hi) {
      if (!lo && !hi)
        return RValue::of(castTo(in[0], t));
      return numpyValues(lo ? "maximum" : "minimum", {in[0], in[lo ? 1 : 2]},
                         {ops[0], ops[lo ? 1 : 2]}, t);
    }
    auto bound = [&](Value *a, Value *limit, bool upper) {
      Value *keep;
      if (isa<ComplexType>(t)) {
        CmpPredicate pred = upper ? CmpPredicate::Lt : CmpPredicate::Gt;
        auto [ar, ai] = complexParts(a);
        auto [lr, li] = complexParts(limit);
        keep = b.select(b.cmp(CmpPredicate::Eq, ar, lr), b.cmp(pred, ai, li),
                        b.cmp(pred, ar, lr));
        keep = b.binary(Opcode::BitOr, keep, b.binary(Opcode::BitOr, isnan(ar), isnan(ai)));
      } else {
        keep = b.cmp(upper ? CmpPredicate::Le : CmpPredicate::Ge, a, limit);
        if (isFloat)
          keep = b.binary(Opcode::BitOr, keep, isnan(a));
      }
      return b.select(keep, a, limit);
    };
    return RValue::of(bound(bound(arg(0, t), arg(1, t), false), arg(2, t), true));
  }
  if (name == "sinc" && isa<ComplexType>(t)) {
    // NumPy 2's: y = pi * z, 1e-20 where y is 0, sin(y) / y.
    Type *part = ctx.floatTy(cast<ComplexType>(t)->partBits());
    auto complexConst = [&](double re) {
      return b.create(Opcode::ComplexMake, t, {b.constFloat(part, re), b.constFloat(part, 0)});
    };
    Value *y = b.binary(Opcode::Mul, complexConst(M_PI), arg(0, t));
    auto [re, im] = complexParts(y);
    Value *zero = b.binary(Opcode::BitAnd, b.cmp(CmpPredicate::Eq, re, b.constFloat(part, 0)),
                           b.cmp(CmpPredicate::Eq, im, b.constFloat(part, 0)));
    y = b.select(zero, complexConst(1e-20), y);
    return RValue::of(b.binary(Opcode::TrueDiv, complexFunction(CMathFn::Sin, y), y));
  }
  if (name == "sinc") {
    // NumPy 2's: y = pi * x, the float's epsilon where y is 0, sin(y) / y.
    Value *y = b.binary(Opcode::Mul, b.constFloat(t, M_PI), arg(0, t));
    Value *eps = b.constFloat(t, machineLimit(t, "eps")->f);
    y = b.select(b.cmp(CmpPredicate::Eq, y, b.constFloat(t, 0)), eps, y);
    return RValue::of(b.binary(Opcode::TrueDiv, mathOp(b, ctx, MathFn::Sin, {y}), y));
  }
  if (name == "logaddexp" || name == "logaddexp2") {
    // numpy's npy_logaddexp(2): x + log1p(exp(y - x)) for the larger x, the
    // sum for equal arguments (infinities of one sign), NaN through.
    bool two = name == "logaddexp2";
    Value *x = arg(0, t), *y = arg(1, t);
    Value *d = b.binary(Opcode::Sub, x, y);
    Value *ad = b.unary(Opcode::Abs, d);
    Value *big = b.binary(Opcode::Max, x, y);
    Value *term = two ? mathOp(b, ctx, MathFn::Exp2, {b.unary(Opcode::Neg, ad)})
                      : mathOp(b, ctx, MathFn::Exp, {b.unary(Opcode::Neg, ad)});
    Value *l = mathOp(b, ctx, MathFn::Log1p, {term});
    if (two)
      l = b.binary(Opcode::Mul, l, b.constFloat(t, 1.4426950408889634)); // log2(e)
    Value *r = b.binary(Opcode::Add, big, l);
    // x == y: x + log(2) (or + 1), which also keeps x for infinities.
    Value *same = b.binary(Opcode::Add, x, b.constFloat(t, two ? 1.0 : 0.6931471805599453));
    r = b.select(b.cmp(CmpPredicate::Eq, x, y), same, r);
    return RValue::of(b.select(isnan(d), b.binary(Opcode::Add, x, y), r));
  }
  if (name == "fmod") {
    if (!isa<IntType>(t))
      return RValue::of(mathOp(b, ctx, MathFn::Fmod, {arg(0, t), arg(1, t)}));
    // Integers: C's remainder, from the floored one (0 for a zero divisor,
    // and for the most negative value and -1): r, less y when r is nonzero
    // and x and y differ in sign (NumPy's npy_fmod loops for integers).
    Value *x = arg(0, t), *y = arg(1, t);
    Value *r = numpyBinary(BinaryOp::Mod, RValue::of(x), {t, false}, RValue::of(y), {t, false}, t)
                   .value;
    Value *zero = b.constInt(t, 0);
    Value *differ = b.binary(Opcode::BitXor, b.cmp(CmpPredicate::Lt, x, zero),
                             b.cmp(CmpPredicate::Lt, y, zero));
    Value *fix = b.binary(Opcode::BitAnd, differ, b.cmp(CmpPredicate::Ne, r, zero));
    return RValue::of(b.select(fix, b.binary(Opcode::Sub, r, y), r));
  }
  if (name == "float_power") { // in float64 (or complex128): x ** y
    if (isa<ComplexType>(t))
      return numpyBinary(BinaryOp::Pow, in[0], ops[0], in[1], ops[1], t);
    return RValue::of(mathOp(b, ctx, MathFn::Pow, {arg(0, t), arg(1, t)}));
  }
  if (name == "gcd" || name == "lcm") {
    // numpy's npy_gcd: Euclid's algorithm on |x| and |y| (gcd(0, 0) is 0);
    // npy_lcm: |x| // gcd * |y|, 0 when the gcd is 0. Signed types compute
    // in the unsigned type of their width, as numpy's npy_gcdu: |INT_MIN| is
    // 2^(n-1) there; the result wraps back.
    auto *it = cast<IntType>(t);
    Type *signedT = t;
    Value *x = arg(0, t), *y = arg(1, t);
    if (it->isSigned()) {
      t = ctx.intTy(it->bits(), false);
      x = b.cast(b.unary(Opcode::Abs, x), t);
      y = b.cast(b.unary(Opcode::Abs, y), t);
    }
    std::string a = temp("gcd.a"), r = temp("gcd.b");
    BasicBlock *head = fn->createBlock(), *body = fn->createBlock(), *done = fn->createBlock();
    ssa.writeVariable(a, cur(), x);
    ssa.writeVariable(r, cur(), y);
    b.br(head);
    enter(head);
    Value *av = ssa.readVariable(a, t, head), *bv = ssa.readVariable(r, t, head);
    b.condBr(b.cmp(CmpPredicate::Ne, bv, b.constInt(t, 0)), body, done);
    ssa.sealBlock(body);
    enter(body);
    ssa.writeVariable(a, cur(), bv);
    ssa.writeVariable(r, cur(), b.binary(Opcode::Mod, av, bv)); // both >= 0 (or INT_MIN)
    b.br(head);
    ssa.sealBlock(head);
    ssa.sealBlock(done);
    enter(done);
    Value *g = ssa.readVariable(a, t, done);
    if (name == "gcd")
      return RValue::of(b.cast(g, signedT));
    Value *zero = b.constInt(t, 0);
    Value *isZero = b.cmp(CmpPredicate::Eq, g, zero);
    Value *q = b.binary(Opcode::FloorDiv, x, b.select(isZero, b.constInt(t, 1), g));
    return RValue::of(b.cast(b.select(isZero, zero, b.binary(Opcode::Mul, q, y)), signedT));
  }
  // float16 has no libdevice nextafter: the next float16 by its bits (one
  // step of the sign-magnitude integer toward y; from zero the smallest
  // subnormal signed as y; y itself when equal; NaN through).
  auto nextafterHalf = [&](Value *x, Value *y) {
    Type *i16 = ctx.intTy(16, true);
    Value *xi = b.create(Opcode::Bitcast, i16, {x}), *yi = b.create(Opcode::Bitcast, i16, {y});
    Value *zero = b.constFloat(t, 0);
    Value *up = b.cmp(CmpPredicate::Eq, b.cmp(CmpPredicate::Lt, x, y),
                      b.cmp(CmpPredicate::Gt, x, zero)); // away from zero
    Value *one = b.constInt(i16, 1);
    Value *step = b.select(up, b.binary(Opcode::Add, xi, one), b.binary(Opcode::Sub, xi, one));
    Value *fromZero = b.binary(Opcode::BitOr, b.binary(Opcode::BitAnd, yi,
                                                       b.constInt(i16, INT16_MIN)), one);
    Value *r = b.create(Opcode::Bitcast, t, {step});
    r = b.select(b.cmp(CmpPredicate::Eq, x, zero), b.create(Opcode::Bitcast, t, {fromZero}), r);
    r = b.select(b.cmp(CmpPredicate::Eq, x, y), y, r);
    return b.select(b.binary(Opcode::BitOr, isnan(x), isnan(y)), b.binary(Opcode::Add, x, y), r);
  };
  bool half = isFloat && cast<FloatType>(t)->bits() == 16;
  if (name == "nextafter")
    return RValue::of(half ? nextafterHalf(arg(0, t), arg(1, t))
                           : mathOp(b, ctx, MathFn::Nextafter, {arg(0, t), arg(1, t)}));
  if (name == "heaviside") {
    // numpy's npy_heaviside: 0 below zero, h0 at zero, 1 above, NaN for NaN.
    Value *x = arg(0, t), *h0 = arg(1, t);
    Value *r = b.select(b.cmp(CmpPredicate::Lt, x, b.constFloat(t, 0)), b.constFloat(t, 0),
                        b.constFloat(t, 1));
    r = b.select(b.cmp(CmpPredicate::Eq, x, b.constFloat(t, 0)), h0, r);
    return RValue::of(b.select(isnan(x), x, r));
  }
  if (name == "spacing") {
    // The gap to the next float away from zero, signed as x: numpy's
    // npy_spacing, the smallest subnormal for either zero, NaN for an
    // infinity or NaN.
    Value *x = arg(0, t);
    Value *away = b.select(b.cmp(CmpPredicate::Lt, x, b.constFloat(t, 0)),
                           b.constFloat(t, -INFINITY), b.constFloat(t, INFINITY));
    Value *next = half ? nextafterHalf(x, away) : mathOp(b, ctx, MathFn::Nextafter, {x, away});
    Value *gap = b.binary(Opcode::Sub, next, x);
    if (half) {
      // NumPy's npy_half_spacing: below zero, the (positive) gap from |x|
      // down to the next float16 toward zero.
      Value *ax = b.unary(Opcode::Abs, x);
      Value *below = b.binary(Opcode::Sub, ax, nextafterHalf(ax, b.constFloat(t, 0)));
      gap = b.select(b.cmp(CmpPredicate::Lt, x, b.constFloat(t, 0)), below, gap);
    }
    unsigned bits = cast<FloatType>(t)->bits();
    double tiny = cast<FloatType>(t)->isBFloat16() ? std::ldexp(1.0, -133) // bfloat16's
                  : bits == 16 ? std::ldexp(1.0, -24) // float16's smallest subnormal
                  : bits == 32 ? std::numeric_limits<float>::denorm_min()
                               : std::numeric_limits<double>::denorm_min();
    gap = b.select(b.cmp(CmpPredicate::Eq, x, b.constFloat(t, 0)), b.constFloat(t, tiny), gap);
    return RValue::of(b.select(mathOp(b, ctx, MathFn::Isfinite, {x}), gap,
                               b.constFloat(t, NAN)));
  }
  if (name == "reciprocal") {
    if (auto *ct = dyn_cast<ComplexType>(t)) {
      // NumPy's complex loop (loops.c.src): Smith's division of 1 by z,
      // scaled by the larger part; 1/0j is nan+nanj there (np.divide's inf).
      auto [re, im] = complexParts(arg(0, t));
      Type *part = ctx.floatTy(ct->partBits());
      Value *one = b.constFloat(part, 1.0);
      Value *byReal = b.cmp(CmpPredicate::Le, b.unary(Opcode::Abs, im), b.unary(Opcode::Abs, re));
      Value *r = b.select(byReal, b.binary(Opcode::TrueDiv, im, re), b.binary(Opcode::TrueDiv, re, im));
      Value *d = b.select(byReal, b.binary(Opcode::Add, re, b.binary(Opcode::Mul, im, r)),
                          b.binary(Opcode::Add, im, b.binary(Opcode::Mul, re, r)));
      Value *outRe = b.select(byReal, b.binary(Opcode::TrueDiv, one, d), b.binary(Opcode::TrueDiv, r, d));
      Value *outIm = b.select(byReal, b.binary(Opcode::TrueDiv, b.unary(Opcode::Neg, r), d),
                              b.binary(Opcode::TrueDiv, b.unary(Opcode::Neg, one), d));
      return RValue::of(b.create(Opcode::ComplexMake, t, {outRe, outIm}));
    }
    Value *x = arg(0, t);
    if (isFloat)
      return RValue::of(b.binary(Opcode::TrueDiv, b.constFloat(t, 1), x));
    // Integers: 1 / x truncated (numpy's loop computes in double): 1 and -1
    // are themselves, 0 gives numpy's value (the int32/int64 minimum, else
    // 0), every other x 0.
    auto *it = cast<IntType>(t);
    Value *zero = b.constInt(t, 0), *one = b.constInt(t, 1);
    Value *r = b.select(b.cmp(CmpPredicate::Eq, x, one), one, zero);
    if (it->isSigned()) {
      Value *minusOne = b.constInt(t, -1);
      r = b.select(b.cmp(CmpPredicate::Eq, x, minusOne), minusOne, r);
      if (it->bits() >= 32)
        r = b.select(b.cmp(CmpPredicate::Eq, x, zero),
                     b.constInt(t, it->bits() == 32 ? INT32_MIN : INT64_MIN), r);
    }
    return RValue::of(r);
  }
  Value *x = arg(0, t);
  if (name == "square")
    return RValue::of(b.binary(Opcode::Mul, x, x));
  if (name == "negative")
    return RValue::of(b.unary(Opcode::Neg, x));
  Value *zero = isFloat ? b.constFloat(t, 0) : b.constInt(t, 0);
  if (name == "sign") {
    // -1, 0 or 1 of x's type; NaN stays NaN, -0.0 gives 0.0 (numpy).
    Value *one = isFloat ? b.constFloat(t, 1) : b.constInt(t, 1);
    Value *minus = isFloat ? b.constFloat(t, -1) : b.constInt(t, -1);
    Value *r = b.select(b.cmp(CmpPredicate::Lt, x, zero), minus, zero);
    r = b.select(b.cmp(CmpPredicate::Gt, x, zero), one, r);
    return RValue::of(isFloat ? b.select(isnan(x), x, r) : r);
  }
  Value *y = arg(1, t);
  bool isMin = name == "minimum" || name == "fmin";
  // numpy's float32/64 loops give b on a tie (0.0 against -0.0), its
  // float16 loop (`npy_half_le(a, b) ? a : b`) a; Python's min
  // (Opcode::Min) gives its first operand.
  auto *ft = dyn_cast<FloatType>(t);
  bool tieFirst = ft && ft->bits() == 16 && !ft->isBFloat16();
  Value *r = tieFirst ? b.binary(isMin ? Opcode::Min : Opcode::Max, x, y)
                      : b.binary(isMin ? Opcode::Min : Opcode::Max, y, x);
  if (!isFloat)
    return RValue::of(r);
  if (name == "minimum" || name == "maximum") // a NaN operand gives NaN
    return RValue::of(b.select(isnan(x), x, b.select(isnan(y), y, r)));
  return RValue::of(b.select(isnan(x), y, b.select(isnan(y), x, r))); // fmin/fmax: NaN loses
}

RValue IRGen::fp16Call(const CallExpr &e, llvm::StringRef name, Type *half) {
  // numba.cuda.fp16 (CUDA's __hadd, __hmax, hsin, ...): arithmetic in
  // float16; the math functions computed in float32 and rounded to float16;
  // hmax/hmin return the other operand for a NaN (CUDA's __hmax); the
  // comparisons are ordered (a NaN compares false, __hne included).
  if (!half)
    half = ctx.floatTy(16);
  Type *single = ctx.float32();
  std::vector<Value *> x;
  for (const ExprPtr &a : e.args)
    x.push_back(scalar(*a, half));
  auto isnan = [&](Value *v) { return mathOp(b, ctx, MathFn::Isnan, {v}); };
  auto viaFloat32 = [&](MathFn f, Value *v) {
    return RValue::of(b.cast(mathOp(b, ctx, f, {b.cast(v, single)}), half));
  };
  auto binaryOp = [&](Opcode op) { return RValue::of(b.binary(op, x[0], x[1])); };
  if (name == "hadd") return binaryOp(Opcode::Add);
  if (name == "hsub") return binaryOp(Opcode::Sub);
  if (name == "hmul") return binaryOp(Opcode::Mul);
  if (name == "hdiv") return binaryOp(Opcode::TrueDiv);
  if (name == "hneg") return RValue::of(b.unary(Opcode::Neg, x[0]));
  if (name == "habs") return RValue::of(b.unary(Opcode::Abs, x[0]));
  if (name == "hfma") {
    // Rounded once, as fma.rn.f16: the product of two float16 values is exact
    // in float64, and so is the sum with the addend whenever the result is
    // finite in float16 (the product below 2^17, the addend from 2^-24: 41
    // bits apart at most); one rounding to float16 then. (bfloat16's range is
    // float32's: its product is exact in float64, the sum rounded to float64
    // before bfloat16 when the addend lies more than 53 bits below it.)
    Type *wide = ctx.float64();
    Value *p = b.binary(Opcode::Mul, b.cast(x[0], wide), b.cast(x[1], wide));
    return RValue::of(b.cast(b.binary(Opcode::Add, p, b.cast(x[2], wide)), half));
  }
  if (name == "hmax" || name == "hmin") {
    bool isMax = name == "hmax";
    Value *r = b.binary(isMax ? Opcode::Max : Opcode::Min, x[1], x[0]);
    // Two zeros: +0 > -0 (cuda_fp16.h's __hmax/__hmin). Their sum is +0
    // unless both are -0; the negated sum of the negations -0 unless both +0.
    Value *zeros = b.select(b.cmp(CmpPredicate::Eq, x[0], b.constFloat(half, 0.0)),
                            b.cmp(CmpPredicate::Eq, x[1], b.constFloat(half, 0.0)),
                            b.constBool(false));
    Value *signed0 = isMax ? b.binary(Opcode::Add, x[0], x[1])
                           : b.unary(Opcode::Neg, b.binary(Opcode::Add, b.unary(Opcode::Neg, x[0]),
                                                           b.unary(Opcode::Neg, x[1])));
    r = b.select(zeros, signed0, r);
    return RValue::of(b.select(isnan(x[0]), x[1], b.select(isnan(x[1]), x[0], r)));
  }
  static const std::pair<const char *, CmpPredicate> compares[] = {
      {"heq", CmpPredicate::Eq}, {"hge", CmpPredicate::Ge}, {"hgt", CmpPredicate::Gt},
      {"hle", CmpPredicate::Le}, {"hlt", CmpPredicate::Lt}};
  for (auto [fname, pred] : compares)
    if (name == fname)
      return RValue::of(b.cmp(pred, x[0], x[1]));
  if (name == "hne") // ordered: a < b or a > b
    return RValue::of(b.select(b.cmp(CmpPredicate::Lt, x[0], x[1]), b.constBool(true),
                               b.cmp(CmpPredicate::Gt, x[0], x[1])));
  static const std::pair<const char *, MathFn> math[] = {
      {"hsin", MathFn::Sin},     {"hcos", MathFn::Cos},     {"hlog", MathFn::Log},
      {"hlog10", MathFn::Log10}, {"hlog2", MathFn::Log2},   {"hexp", MathFn::Exp},
      {"hceil", MathFn::CeilF},  {"hfloor", MathFn::FloorF}, {"hrint", MathFn::RintF},
      {"htrunc", MathFn::TruncF}, {"htanh", MathFn::Tanh},  {"htanh_approx", MathFn::Tanh}};
  for (auto [fname, f] : math)
    if (name == fname)
      return viaFloat32(f, x[0]);
  Value *v = b.cast(x[0], single);
  Value *r;
  if (name == "hsqrt")
    r = b.unary(Opcode::Sqrt, v);
  else if (name == "hrsqrt")
    r = b.binary(Opcode::TrueDiv, b.constFloat(single, 1.0), b.unary(Opcode::Sqrt, v));
  else if (name == "hrcp")
    r = b.binary(Opcode::TrueDiv, b.constFloat(single, 1.0), v);
  else // hexp2, hexp10: exp(x * ln 2), exp(x * ln 10)
    r = mathOp(b, ctx, MathFn::Exp,
               {b.binary(Opcode::Mul, v, b.constFloat(single, name == "hexp2" ? M_LN2 : M_LN10))});
  return RValue::of(b.cast(r, half));
}

} // namespace pyjit::ir::detail


namespace pyjit::ir::detail {

void IRGen::forEachIndex(Value *array,
                         const std::function<void(const std::vector<Value *> &)> &body,
                         bool nditerOrder) {
  auto *at = cast<ArrayType>(array->type());
  // numba's NdIter: an 'F' array's shape iterated reversed (memory order);
  // 'C' and 'A' ones in C order (numba np/arrayobj.py, make_nditer_cls).
  bool reversed = nditerOrder && at->layout() == Layout::F;
  unsigned n = at->ndim();
  std::vector<Value *> idx(n);
  std::function<void(unsigned)> nest = [&](unsigned level) {
    if (level == n) {
      body(idx);
      return;
    }
    unsigned d = reversed ? n - 1 - level : level;
    forRange(b.arrayShape(array, d), [&](Value *k) {
      idx[d] = k;
      nest(level + 1);
    });
  };
  nest(0);
}

/// Whether a shift of \p src into \p dst (storeElements decides that it is
/// one) must be copied backward, memmove's rule: dst starts after src, so
/// that a[1:] = a[:-1] reads each element before it is overwritten, as
/// NumPy's buffered copy does. Null where the two cannot be a shift (other
/// dimensions or item sizes, a pointer).
Value *IRGen::copiesBackward(Value *dst, Value *src) {
  auto *dt = cast<ArrayType>(dst->type()), *st = cast<ArrayType>(src->type());
  if (dt->ndim() != st->ndim() || dt->ndim() == 0 || dt->isPointer() || st->isPointer() ||
      elementBytes(dt->dtype()) != elementBytes(st->dtype()))
    return nullptr;
  Type *u64 = ctx.uint64();
  return b.cmp(CmpPredicate::Gt, b.create(Opcode::ArrayAddress, u64, {dst}),
               b.create(Opcode::ArrayAddress, u64, {src}));
}

/// The bytes array \p a's elements span, [first, end) as int64 addresses
/// (negative strides reach below its data pointer), and whether it has none.
IRGen::ByteSpan IRGen::byteSpan(Value *a) {
  auto *at = cast<ArrayType>(a->type());
  Type *i64 = ctx.int64();
  Value *zero = b.constInt(i64, 0), *one = b.constInt(i64, 1);
  Value *first = b.cast(b.create(Opcode::ArrayAddress, ctx.uint64(), {a}), i64);
  Value *end = b.binary(Opcode::Add, first,
                        b.constInt(i64, static_cast<int64_t>(elementBytes(at->dtype()))));
  Value *empty = b.constBool(false);
  for (unsigned d = 0; d < at->ndim(); ++d) {
    Value *extent = b.arrayShape(a, d);
    Instruction *stride = b.create(Opcode::ArrayStride, i64, {a});
    stride->intImm = d;
    Value *reach = b.binary(Opcode::Mul, b.binary(Opcode::Sub, extent, one), stride);
    Value *below = b.cmp(CmpPredicate::Lt, reach, zero);
    first = b.binary(Opcode::Add, first, b.select(below, reach, zero));
    end = b.binary(Opcode::Add, end, b.select(below, zero, reach));
    empty = b.select(b.cmp(CmpPredicate::Eq, extent, zero), b.constBool(true), empty);
  }
  return {first, end, empty};
}

/// The array \p v is a view of (through views, casts and phis that agree):
/// an AllocArray, an argument, a global array; null when not known.
static const Value *arrayRoot(const Value *v) {
  std::set<const Value *> seen;
  std::function<const Value *(const Value *)> root = [&](const Value *x) -> const Value * {
    auto *inst = llvm::dyn_cast_or_null<Instruction>(x);
    if (!inst)
      return x; // an argument
    if (!seen.insert(x).second)
      return nullptr;
    switch (inst->opcode()) {
    case Opcode::Phi: {
      const Value *found = nullptr;
      for (const Value *op : inst->operands()) {
        const Value *r = root(op);
        if (!r || (found && r != found))
          return nullptr;
        found = r;
      }
      return found;
    }
    default:
      return isViewOfOperand(*inst) ? root(inst->operand(0)) : inst;
    }
  };
  return root(v);
}

/// Whether arrays \p a and \p b are taken to be apart: one is a view of a
/// local, shared or constant array (memory of its own) and the other of
/// anything else; or, in a kernel (\p kernelParams), they are views of two
/// of its parameters, which pyjit takes not to overlap (docs/language.md).
static bool knownApart(const Value *a, const Value *b, bool kernelParams) {
  const Value *ra = arrayRoot(a), *rb = arrayRoot(b);
  if (!ra || !rb || ra == rb)
    return false;
  auto *ia = llvm::dyn_cast<Instruction>(ra), *ib = llvm::dyn_cast<Instruction>(rb);
  if (kernelParams && llvm::isa<Argument>(ra) && llvm::isa<Argument>(rb))
    return true;
  bool allocA = ia && ia->opcode() == Opcode::AllocArray;
  bool allocB = ib && ib->opcode() == Opcode::AllocArray;
  if (allocA && allocB && ia->allocSite && ia->allocSite == ib->allocSite)
    return false; // one shared array declared once (a device function inlined twice)
  return allocA || allocB;
}

void IRGen::storeElements(Value *dst, llvm::ArrayRef<Value *> sources, SourceLoc loc,
                          const std::function<Value *(const std::vector<Value *> &)> &value) {
  auto *dt = cast<ArrayType>(dst->type());
  // Per source whose memory may be dst's: a shift of one item size and the
  // same positive strides needs an order (copiesBackward: backward where dst
  // starts after it); two shifts needing opposite orders, or any other
  // overlap, need the values computed before dst is written.
  Value *backward = nullptr, *forward = nullptr, *copyFirst = nullptr;
  auto any = [&](Value *&acc, Value *c) {
    acc = acc ? b.select(acc, b.constBool(true), c) : c;
  };
  std::optional<ByteSpan> dstSpan;
  for (Value *src : sources) {
    auto *st = src ? dyn_cast<ArrayType>(src->type()) : nullptr;
    if (!st || src == dst || dt->ndim() == 0 || dt->isPointer() || st->isPointer() ||
        knownApart(dst, src, /*kernelParams=*/!returnsValue))
      continue; // (a pointer has no extent: its memory is not known)
    if (!dstSpan)
      dstSpan = byteSpan(dst);
    ByteSpan s = byteSpan(src);
    Value *overlap = b.select(
        b.select(dstSpan->empty, b.constBool(true), s.empty), b.constBool(false),
        b.select(b.cmp(CmpPredicate::Lt, dstSpan->first, s.end),
                 b.cmp(CmpPredicate::Lt, s.first, dstSpan->end), b.constBool(false)));
    Value *back = copiesBackward(dst, src);
    if (!back) {
      any(copyFirst, overlap);
      continue;
    }
    // A shift (memmove's case): the same extents (no dimension broadcast),
    // the same positive strides, and index order memory order (each stride
    // at least the span of the dimensions inside it: C order, gaps allowed;
    // so not F order or a transpose). copiesBackward holds where dst starts
    // after src. 1-d C arrays of one item size need only the extents.
    Type *i64 = ctx.int64();
    Value *same = b.constBool(true);
    bool contiguous1d = dt->ndim() == 1 && dt->layout() == Layout::C &&
                        st->layout() == Layout::C;
    std::vector<Value *> strides(dt->ndim());
    for (unsigned d = 0; d < dt->ndim(); ++d) {
      same = b.select(b.cmp(CmpPredicate::Eq, b.arrayShape(dst, d), b.arrayShape(src, d)), same,
                      b.constBool(false));
      if (contiguous1d)
        continue;
      Instruction *ds = b.create(Opcode::ArrayStride, i64, {dst});
      Instruction *ss = b.create(Opcode::ArrayStride, i64, {src});
      ds->intImm = ss->intImm = d;
      strides[d] = ds;
      same = b.select(b.cmp(CmpPredicate::Eq, ds, ss), same, b.constBool(false));
      same = b.select(b.cmp(CmpPredicate::Gt, ds, b.constInt(i64, 0)), same, b.constBool(false));
    }
    for (unsigned d = 0; d + 1 < dt->ndim() && !contiguous1d; ++d) {
      Value *inner = b.binary(Opcode::Mul, strides[d + 1], b.arrayShape(dst, d + 1));
      same = b.select(b.cmp(CmpPredicate::Ge, strides[d], inner), same, b.constBool(false));
    }
    Value *shift = b.select(overlap, same, b.constBool(false));
    any(copyFirst, b.select(overlap, b.select(same, b.constBool(false), b.constBool(true)),
                            b.constBool(false)));
    any(backward, b.select(shift, back, b.constBool(false)));
    Value *before = b.cmp(CmpPredicate::Lt, b.create(Opcode::ArrayAddress, ctx.uint64(), {dst}),
                          b.create(Opcode::ArrayAddress, ctx.uint64(), {src}));
    any(forward, b.select(shift, before, b.constBool(false)));
  }
  if (backward && forward)
    any(copyFirst, b.select(backward, forward, b.constBool(false)));
  if (!copyFirst) {
    forEachIndexIn(dst, backward, [&](const std::vector<Value *> &idx) {
      b.arrayStore(dst, idx, value(idx));
    });
    return;
  }
  // NumPy reads the operands whole first: where they overlap dst otherwise,
  // the values go to a heap buffer of dst's shape and type, then into dst.
  // One loop writes either (a variable naming dst or the buffer).
  Type *i64 = ctx.int64(), *u64 = ctx.uint64();
  std::string targetVar = temp("store.target"), bufferVar = temp("store.buffer");
  writeVar(targetVar, dt, RValue::of(dst));
  writeVar(bufferVar, u64, RValue::of(b.constInt(u64, 0)));
  ifThen(copyFirst, [&] {
    int64_t item = static_cast<int64_t>(elementBytes(dt->dtype()));
    Value *bytes = b.binary(Opcode::Mul, elementCount(dst), b.constInt(i64, item));
    Instruction *address = b.create(Opcode::Cuda, u64, {b.cast(bytes, u64)});
    address->intImm = static_cast<int64_t>(CudaFn::Malloc);
    Value *got = b.cmp(CmpPredicate::Ne, address, b.constInt(u64, 0));
    if (boundsCheck) { // debug, or the CPU backend: the launch raises
      raiseUnless(got, "MemoryError",
                  "no heap memory left for a copy of {0} bytes: an operand overlaps the "
                  "array assigned", {bytes}, loc);
    } else {
      // Otherwise the kernel traps: the launch fails at the next
      // synchronization (a CudaError naming the kernel), never a copy left
      // undone, and the launch needs no error record (no synchronization
      // after it).
      ifThen(b.unary(Opcode::Not, got), [&] {
        b.create(Opcode::Cuda, ctx.none(), {})->intImm = static_cast<int64_t>(CudaFn::Trap);
      });
    }
    // Strides of dst's layout (C for A): the buffer has dst's type.
    unsigned n = dt->ndim();
    std::vector<Value *> ops(1 + 2 * n);
    ops[0] = address;
    Value *stride = b.constInt(i64, item);
    for (unsigned k = 0; k < n; ++k) {
      unsigned d = dt->layout() == Layout::F ? k : n - 1 - k;
      ops[1 + d] = b.arrayShape(dst, d);
      ops[1 + n + d] = stride;
      stride = b.binary(Opcode::Mul, stride, ops[1 + d]);
    }
    writeVar(targetVar, dt, RValue::of(b.create(Opcode::GlobalArray, dt, ops)));
    writeVar(bufferVar, u64, RValue::of(address));
  });
  Value *target = readVar(targetVar, dt).value;
  forEachIndexIn(target, backward, [&](const std::vector<Value *> &idx) {
    b.arrayStore(target, idx, value(idx));
  });
  ifThen(copyFirst, [&] {
    forEachIndex(dst, [&](const std::vector<Value *> &idx) {
      b.arrayStore(dst, idx, b.arrayLoad(target, idx));
    });
    b.create(Opcode::Cuda, ctx.none(), {readVar(bufferVar, u64).value})->intImm =
        static_cast<int64_t>(CudaFn::Free);
  });
}

Value *IRGen::anyIndex(Value *count, const std::function<Value *(Value *)> &found) {
  Type *i64 = ctx.int64(), *boolean = ctx.boolean();
  std::string kVar = temp("any.k"), foundVar = temp("any.found");
  writeVar(kVar, i64, RValue::of(b.constInt(i64, 0)));
  writeVar(foundVar, boolean, RValue::of(b.constBool(false)));
  Value *k = nullptr;
  whileLoop(
      [&] {
        k = readVar(kVar, i64).value;
        Value *more = b.cmp(CmpPredicate::Lt, k, count);
        return b.select(readVar(foundVar, boolean).value, b.constBool(false), more);
      },
      [&] {
        writeVar(foundVar, boolean, RValue::of(found(k)));
        writeVar(kVar, i64, RValue::of(b.binary(Opcode::Add, k, b.constInt(i64, 1))));
      });
  return readVar(foundVar, boolean).value;
}

void IRGen::forEachIndexIn(Value *array, Value *backward,
                           const std::function<void(const std::vector<Value *> &)> &body) {
  if (!backward)
    return forEachIndex(array, body);
  forEachIndex(array, [&](const std::vector<Value *> &idx) {
    // Every index reversed (extent - 1 - i): C order backward.
    std::vector<Value *> at;
    Type *i64 = ctx.int64();
    for (unsigned d = 0; d < idx.size(); ++d) {
      Value *last = b.binary(Opcode::Sub, b.arrayShape(array, d), b.constInt(i64, 1));
      at.push_back(b.select(backward, b.binary(Opcode::Sub, last, idx[d]), idx[d]));
    }
    body(at);
  });
}

Value *IRGen::elementCount(Value *array) {
  auto *at = cast<ArrayType>(array->type());
  Value *size = b.constInt(ctx.int64(), 1);
  for (unsigned d = 0; d < at->ndim(); ++d)
    size = d == 0 ? b.arrayShape(array, 0) : b.binary(Opcode::Mul, size, b.arrayShape(array, d));
  return size;
}

Value *IRGen::numberPart(Value *x, Type *from, bool imag, Type *result) {
  if (isa<ComplexType>(from)) {
    Instruction *part = b.create(Opcode::ComplexPart, result, {x});
    part->intImm = imag;
    return part;
  }
  return imag ? constant(GlobalValue::ofInt(0), result) : castTo(RValue::of(x), result);
}

void IRGen::forEachElement(Value *array, const std::function<void(Value *)> &body,
                           bool nditerOrder) {
  forEachIndex(
      array, [&](const std::vector<Value *> &idx) { body(b.arrayLoad(array, idx)); },
      nditerOrder);
}

RValue IRGen::mathValues(MathFn f, const std::vector<RValue> &args, Type *operand, Type *result) {
  if (f == MathFn::Sqrt) // (a float16/bfloat16 result: mathSixteenBitResult)
    return RValue::of(b.cast(b.unary(Opcode::Sqrt, castTo(args[0], operand)), result));
  std::vector<Value *> values;
  for (size_t i = 0; i < args.size(); ++i)
    values.push_back(castTo(args[i], f == MathFn::Ldexp && i == 1 ? ctx.int32() : operand));
  // A float16/bfloat16 result (mathSixteenBitResult) computed in float32.
  bool narrowed = isa<FloatType>(result) && result != operand &&
                  cast<FloatType>(result)->bits() == 16;
  Instruction *inst = b.create(Opcode::Math, narrowed ? operand : result, values);
  inst->intImm = static_cast<int64_t>(f);
  return RValue::of(narrowed ? b.cast(inst, result) : static_cast<Value *>(inst));
}

RValue IRGen::arrayReduction(llvm::StringRef name, Value *array, Type *result, SourceRange range,
                             Value *offset) {
  // One pass over the elements in C order, accumulating in the result's type
  // (numba's loops: a float32 sum adds in float32); var and std take a
  // second pass around the mean. NaN: min/max give the first NaN met, and
  // argmin/argmax its index (NumPy).
  if (name == "ptp") // np.ptp: max - min in the dtype (NaN through either)
    return RValue::of(b.binary(Opcode::Sub, arrayReduction("max", array, result, range).value,
                               arrayReduction("min", array, result, range).value));
  auto *at = cast<ArrayType>(array->type());
  Type *dt = at->dtype(), *i64 = ctx.int64();
  Value *size = elementCount(array);
  auto isNan = [&](Value *v) { return b.cmp(CmpPredicate::Ne, v, v); };
  std::string acc = temp("reduce"), where = temp("reduce.at"), count = temp("reduce.n");
  bool nditerOrder = !name.contains("arg"); // argmin/argmax: C order (a.flat)
  auto walk = [&](const std::function<void(Value *)> &f) {
    forEachElement(array, f, nditerOrder);
  };
  if (name == "all" || name == "any") { // the elements' truth, and-ed or or-ed
    bool all = name == "all";
    writeVar(acc, result, RValue::of(b.constBool(all)));
    forEachElement(array, [&](Value *v) {
      Value *truth = castTo(RValue::of(v), ctx.boolean());
      Value *old = readVar(acc, result).value;
      writeVar(acc, result,
               RValue::of(all ? b.select(truth, old, b.constBool(false))
                              : b.select(truth, b.constBool(true), old)));
    });
    return readVar(acc, result);
  }
  if (name == "count_nonzero") { // the elements whose truth is True (NumPy's nonzero)
    writeVar(acc, result, RValue::of(b.constInt(i64, 0)));
    forEachElement(array, [&](Value *v) {
      Value *truth = castTo(RValue::of(v), ctx.boolean());
      writeVar(acc, result, RValue::of(b.binary(Opcode::Add, readVar(acc, result).value,
                                                b.select(truth, b.constInt(i64, 1),
                                                         b.constInt(i64, 0)))));
    });
    return readVar(acc, result);
  }
  if (name == "average") // without weights: np.mean (numba's np.average)
    name = "mean";
  if (name == "trace") {
    // a[r0 + i, c0 + i] summed along the diagonal `offset` (above the main
    // one when positive: r0 = max(0, -offset), c0 = max(0, offset)) for i
    // below what both extents leave, as np.sum adds.
    Type *t = result;
    writeVar(acc, t, RValue::of(constant(GlobalValue::ofInt(0), t)));
    Value *zero = b.constInt(i64, 0);
    Value *k = offset ? offset : zero;
    auto max0 = [&](Value *v) { return b.select(b.cmp(CmpPredicate::Gt, v, zero), v, zero); };
    Value *r0 = max0(b.unary(Opcode::Neg, k)), *c0 = max0(k);
    Value *rows = b.binary(Opcode::Sub, b.arrayShape(array, 0), r0);
    Value *cols = b.binary(Opcode::Sub, b.arrayShape(array, 1), c0);
    Value *n = max0(b.select(b.cmp(CmpPredicate::Lt, rows, cols), rows, cols));
    forRange(n, [&](Value *i) {
      Value *v = b.arrayLoad(array, {b.binary(Opcode::Add, r0, i), b.binary(Opcode::Add, c0, i)});
      writeVar(acc, t, binary(BinaryOp::Add, readVar(acc, t), {t, false},
                              RValue::of(castTo(RValue::of(v), t)), {t, false}, t));
    });
    return readVar(acc, t);
  }
  // np.nan*: NaN elements are skipped (a float or complex one where x != x).
  bool skipNan = name.consume_front("nan") && isa<FloatType, ComplexType>(dt);
  if (skipNan && (name == "sum" || name == "prod" || name == "mean")) {
    Type *t = result;
    Type *final = nullptr; // float16 in float32, as below
    if (auto *ft = dyn_cast<FloatType>(t); ft && ft->bits() == 16)
      final = t, t = ctx.float32();
    bool prod = name == "prod";
    Value *identity = constant(GlobalValue::ofInt(prod ? 1 : 0), t);
    writeVar(acc, t, RValue::of(identity));
    writeVar(count, i64, RValue::of(b.constInt(i64, 0)));
    walk([&](Value *v) {
      Value *nan = isNan(v);
      Value *x = b.select(nan, identity, castTo(RValue::of(v), t));
      writeVar(acc, t, RValue::of(b.binary(prod ? Opcode::Mul : Opcode::Add,
                                           readVar(acc, t).value, x)));
      writeVar(count, i64, RValue::of(b.binary(Opcode::Add, readVar(count, i64).value,
                                               b.select(nan, b.constInt(i64, 0),
                                                        b.constInt(i64, 1)))));
    });
    RValue total = readVar(acc, t);
    if (name == "mean") { // of the numbers: all NaN (or none) gives 0/0, NaN (NumPy)
      Type *real = isa<ComplexType>(t) ? static_cast<Type *>(ctx.floatTy(cast<ComplexType>(t)->partBits()))
                                       : t;
      RValue n = RValue::of(castTo(readVar(count, i64), real));
      total = numpyBinary(BinaryOp::TrueDiv, total, {t, false}, n, {real, false}, t);
    }
    return final ? RValue::of(castTo(total, final)) : total;
  }
  if (name == "sum" || name == "prod" || name == "mean" || name == "var" || name == "std") {
    // t: what the first pass accumulates in; meanT: the mean's type. As
    // numba-cuda (np/arraymath.py): array_mean adds in the dtype (float64
    // for integers and bools) and divides by the size in float64 (complex128
    // for complex numbers); array_var sums the squared deviations from that
    // mean in float64; np.nanmean and np.nanvar add in float64 (c = 0.0).
    bool moment = name == "mean" || name == "var" || name == "std";
    Type *t = result, *meanT = result;
    // float16 accumulates in float32 (NumPy's float16 means and variances do;
    // a float16 sum stops growing at 2048 and a float16 count overflows at
    // 65520), rounded to float16 at the end.
    Type *final = nullptr;
    auto *sixteen = dyn_cast<FloatType>(moment ? dt : result); // (a.sum(dtype=np.float16) too)
    if (sixteen && sixteen->bits() == 16) {
      final = sixteen;
      t = meanT = ctx.float32();
      if (name == "var" || name == "std")
        result = ctx.float32();
    } else if (moment && isa<ComplexType>(dt)) {
      meanT = ctx.complexTy(128);
      t = skipNan ? meanT : dt;
    } else if (moment && isa<FloatType>(dt)) {
      meanT = ctx.float64();
      t = skipNan ? meanT : dt;
    } else if (moment) { // integers and bools
      t = meanT = ctx.float64();
    }
    auto finish = [&](RValue r) { return final ? RValue::of(castTo(r, final)) : r; };
    BinaryOp op = name == "prod" ? BinaryOp::Mul : BinaryOp::Add;
    // np.nanvar/np.nanstd (skipNan): the NaN elements are left out of both
    // passes and of the count (NumPy's nanvar; all NaN gives NaN).
    Value *zero = constant(GlobalValue::ofInt(0), t);
    writeVar(acc, t, RValue::of(constant(GlobalValue::ofInt(name == "prod" ? 1 : 0), t)));
    writeVar(count, i64, RValue::of(b.constInt(i64, 0)));
    walk([&](Value *v) {
      RValue x = RValue::of(castTo(RValue::of(v), t));
      if (skipNan) {
        x = RValue::of(b.select(isNan(v), zero, x.value));
        writeVar(count, i64, RValue::of(b.binary(Opcode::Add, readVar(count, i64).value,
                                                 b.select(isNan(v), b.constInt(i64, 0),
                                                          b.constInt(i64, 1)))));
      }
      RValue sum = binary(op, readVar(acc, t), {t, false}, x, {t, false}, t);
      writeVar(acc, t, sum);
    });
    RValue total = readVar(acc, t);
    if (name == "sum" || name == "prod")
      return finish(total);
    total = RValue::of(castTo(total, meanT));
    Type *real = isa<ComplexType>(meanT)
                     ? static_cast<Type *>(ctx.floatTy(cast<ComplexType>(meanT)->partBits()))
                     : meanT;
    RValue n = RValue::of(castTo(RValue::of(skipNan ? readVar(count, i64).value : size), real));
    RValue mean = numpyBinary(BinaryOp::TrueDiv, total, {meanT, false}, n, {real, false}, meanT);
    if (name == "mean")
      return finish(mean);
    // var: the mean of |x - mean|^2, in the real type.
    writeVar(acc, result, RValue::of(constant(GlobalValue::ofInt(0), result)));
    walk([&](Value *v) {
      RValue dev = binary(BinaryOp::Sub, RValue::of(castTo(RValue::of(v), meanT)),
                          {meanT, false}, mean, {meanT, false}, meanT);
      Value *sq;
      if (isa<ComplexType>(meanT)) {
        Instruction *re = b.create(Opcode::ComplexPart, result, {dev.value});
        Instruction *im = b.create(Opcode::ComplexPart, result, {dev.value});
        im->intImm = 1;
        sq = b.binary(Opcode::Add, b.binary(Opcode::Mul, re, re), b.binary(Opcode::Mul, im, im));
      } else {
        sq = b.binary(Opcode::Mul, dev.value, dev.value);
      }
      if (skipNan)
        sq = b.select(isNan(v), constant(GlobalValue::ofInt(0), result), sq);
      writeVar(acc, result, RValue::of(b.binary(Opcode::Add, readVar(acc, result).value, sq)));
    });
    Value *var = b.binary(Opcode::TrueDiv, readVar(acc, result).value, castTo(n, result));
    return finish(RValue::of(name == "std" ? b.unary(Opcode::Sqrt, var) : var));
  }
  // min, max, argmin, argmax.
  bool isMax = name == "max" || name == "argmax";
  bool isArg = name.starts_with("arg");
  if (boundsCheck)
    raiseUnless(b.cmp(CmpPredicate::Gt, size, b.constInt(i64, 0)), "ValueError",
                "zero-size array to reduction operation " + name.str() + " which has no identity",
                {}, range.begin);
  // The first element is the start (an empty array gives the type's extreme,
  // and index -1, where no check raised).
  Value *start;
  auto *ct = dyn_cast<ComplexType>(dt);
  Type *part = ct ? ctx.floatTy(ct->partBits()) : nullptr;
  auto partOf = [&](Value *z, int k) {
    Instruction *p = b.create(Opcode::ComplexPart, part, {z});
    p->intImm = k;
    return p;
  };
  if (auto *ft = dyn_cast<FloatType>(dt))
    start = b.constFloat(ft, isMax ? -INFINITY : INFINITY);
  else if (ct) {
    Value *inf = b.constFloat(cast<FloatType>(part), isMax ? -INFINITY : INFINITY);
    start = b.create(Opcode::ComplexMake, dt, {inf, inf});
  }
  else if (auto *it = dyn_cast<IntType>(dt))
    start = b.constInt(it, isMax ? (it->isSigned() ? std::numeric_limits<int64_t>::min() >>
                                                         (64 - it->bits())
                                                   : 0)
                                 : (it->isSigned() ? std::numeric_limits<int64_t>::max() >>
                                                         (64 - it->bits())
                                                   : static_cast<int64_t>(~uint64_t(0) >>
                                                                          (64 - it->bits()))));
  else
    start = b.constBool(!isMax);
  writeVar(acc, dt, RValue::of(start));
  writeVar(where, i64, RValue::of(b.constInt(i64, -1)));
  writeVar(count, i64, RValue::of(b.constInt(i64, 0)));
  walk([&](Value *v) {
    Value *best = readVar(acc, dt).value, *k = readVar(count, i64).value;
    Value *better;
    if (ct) { // NumPy's order: real parts, then imaginary ones
      Value *vr = partOf(v, 0), *vi = partOf(v, 1), *br = partOf(best, 0), *bi = partOf(best, 1);
      CmpPredicate beats = isMax ? CmpPredicate::Gt : CmpPredicate::Lt;
      better = b.select(b.cmp(beats, vr, br), b.constBool(true),
                        b.select(b.cmp(CmpPredicate::Eq, vr, br), b.cmp(beats, vi, bi),
                                 b.constBool(false)));
    } else {
      better = b.cmp(isMax ? CmpPredicate::Gt : CmpPredicate::Lt, v, best);
    }
    Value *first = b.cmp(CmpPredicate::Eq, k, b.constInt(i64, 0));
    if (skipNan) // a number beats a NaN; all NaN gives NaN (NumPy's nanmin)
      better = b.select(isNan(v), b.constBool(false),
                        b.select(isNan(best), b.constBool(true), better));
    else if (isa<FloatType, ComplexType>(dt)) // a NaN wins once, and stays
      better = b.select(isNan(best), b.constBool(false), b.select(isNan(v), b.constBool(true), better));
    better = b.select(first, b.constBool(true), better);
    writeVar(acc, dt, RValue::of(b.select(better, v, best)));
    writeVar(where, i64, RValue::of(b.select(better, k, readVar(where, i64).value)));
    writeVar(count, i64, RValue::of(b.binary(Opcode::Add, k, b.constInt(i64, 1))));
  });
  return isArg ? readVar(where, i64) : readVar(acc, dt);
}

} // namespace pyjit::ir::detail

namespace pyjit::ir::detail {

RValue IRGen::sliceObject(const CallExpr &call) {
  // numba's slice constructor: step 1 if None; a None start is 0 for a
  // positive step and INT64_MAX for a negative one; a None stop INT64_MAX
  // or INT64_MIN (a view or indices() clamps them to the extent).
  Type *i64 = ctx.int64();
  const Expr *parts[3] = {nullptr, nullptr, nullptr}; // start, stop, step
  if (call.args.size() == 1)
    parts[1] = call.args[0].get();
  else
    for (size_t i = 0; i < call.args.size(); ++i)
      parts[i] = call.args[i].get();
  Value *given[3];
  for (size_t i = 0; i < 3; ++i) {
    given[i] = nullptr;
    if (parts[i] && !isa<NoneType>(info(*parts[i]).type)) {
      given[i] = scalar(*parts[i], i64);
      // A uint64 past INT64_MAX is as large as any extent (Python clamps it).
      if (auto *it = dyn_cast<IntType>(info(*parts[i]).type); it && !it->isSigned() &&
                                                               it->bits() == 64)
        given[i] = b.select(b.cmp(CmpPredicate::Lt, given[i], b.constInt(i64, 0)),
                            b.constInt(i64, INT64_MAX), given[i]);
    } else if (parts[i]) {
      gen(*parts[i]); // (None: nothing at run time)
    }
  }
  b.setLoc(call.range().begin);
  Value *step = given[2] ? given[2] : b.constInt(i64, 1);
  Value *negative = b.cmp(CmpPredicate::Lt, step, b.constInt(i64, 0));
  Value *start = given[0] ? given[0]
                          : b.select(negative, b.constInt(i64, INT64_MAX), b.constInt(i64, 0));
  Value *stop = given[1] ? given[1]
                         : b.select(negative, b.constInt(i64, INT64_MIN),
                                    b.constInt(i64, INT64_MAX));
  RValue r;
  r.type = info(call).type;
  for (Value *v : {start, stop, step})
    r.elems.push_back(RValue::of(v));
  return r;
}

RValue IRGen::sliceIndices(const CallExpr &call) {
  // Python's PySlice_GetIndicesEx for length n: ValueError for a negative
  // length or a zero step (where bounds are checked); a bound below 0 counts
  // from the end, then is clamped to [0, n] ([-1, n - 1] for a negative step).
  Type *i64 = ctx.int64();
  RValue s = gen(*cast<AttributeExpr>(*call.callee).value);
  Value *n = scalar(*call.args[0], i64);
  b.setLoc(call.range().begin);
  Value *step = s.elems.at(2).value;
  Value *zero = b.constInt(i64, 0), *one = b.constInt(i64, 1);
  if (boundsCheck) {
    raiseUnless(b.cmp(CmpPredicate::Ge, n, zero), "ValueError", "length should not be negative",
                {}, call.range().begin);
    raiseUnless(b.cmp(CmpPredicate::Ne, step, zero), "ValueError", "slice step cannot be zero",
                {}, call.range().begin);
  }
  Value *negative = b.cmp(CmpPredicate::Lt, step, zero);
  Value *low = b.select(negative, b.binary(Opcode::Sub, zero, one), zero);
  Value *high = b.select(negative, b.binary(Opcode::Sub, n, one), n);
  auto adjust = [&](Value *x) {
    Value *below = b.cmp(CmpPredicate::Lt, x, zero);
    Value *fromEnd = b.binary(Opcode::Add, x, n); // (x < 0: no overflow)
    Value *neg = b.select(b.cmp(CmpPredicate::Lt, fromEnd, zero), low, fromEnd);
    Value *pos = b.select(b.cmp(CmpPredicate::Ge, x, n), high, x);
    return b.select(below, neg, pos);
  };
  RValue r;
  r.type = info(call).type;
  for (Value *v : {adjust(s.elems.at(0).value), adjust(s.elems.at(1).value), step})
    r.elems.push_back(RValue::of(v));
  return r;
}

RValue IRGen::arrayUfunc(const CallExpr &e, llvm::StringRef path, Type *elementType) {
  // Element by element over `out`'s indices. Inputs are numbers or arrays
  // broadcast to out's shape as NumPy does: dimensions aligned from the
  // right, an extent of 1 repeated (extents are checked with debug and on
  // the CPU backend).
  std::optional<NumpyOperatorUfunc> op;
  std::optional<MathFn> mf;
  if (path.starts_with("numpy.op."))
    op = numpyOperatorUfunc(path.drop_front(9));
  else if (path.starts_with("math.") || path.starts_with("numpy.m."))
    mf = lookupMathFn(path.drop_front(path.starts_with("numpy.m.") ? 8 : 5));
  bool outKeyword = llvm::any_of(e.keywords, [](const Keyword &k) { return k.name == "out"; });
  size_t arity = outKeyword ? e.args.size() : e.args.size() - 1;
  const Expr *outExpr = outKeyword ? nullptr : e.args[arity].get();
  for (const Keyword &k : e.keywords)
    if (k.name == "out")
      outExpr = k.value.get();
  std::vector<RValue> in;
  std::vector<TypedOperand> ops;
  for (size_t i = 0; i < arity; ++i) {
    in.push_back(gen(*e.args[i]));
    const ExprInfo &ai = info(*e.args[i]);
    auto *at = dyn_cast<ArrayType>(ai.type);
    ops.push_back(at ? TypedOperand{at->dtype()} : operandOf(ai));
  }
  Value *out = gen(*outExpr).value;
  b.setLoc(e.range().begin);
  auto *outType = cast<ArrayType>(out->type());
  std::vector<bool> isArray(arity);
  std::vector<std::vector<Value *>> repeat(arity);
  std::vector<Value *> sources; // inputs in out's memory are read before it is written
  for (size_t i = 0; i < arity; ++i)
    if ((isArray[i] = in[i].value && isa<ArrayType>(in[i].value->type()))) {
      repeat[i] = broadcastTo(in[i].value, out, e.range().begin);
      sources.push_back(in[i].value);
    }
  storeElements(out, sources, e.range().begin, [&](const std::vector<Value *> &idx) {
    std::vector<RValue> v;
    for (size_t i = 0; i < arity; ++i)
      v.push_back(isArray[i] ? RValue::of(broadcastLoad(in[i].value, repeat[i], idx)) : in[i]);
    if (mf && isa<ComplexType>(elementType)) { // np.sin(z, out): cmath's, per element
      Value *z = castTo(v[0], elementType);
      CMathFn cf = *lookupCMathFn(path.rsplit('.').second); // np.sin, math.sin
      return castTo(RValue::of(complexFunction(cf, z)), outType->dtype());
    }
    RValue r = op ? numpyOperatorValues(*op, v, ops, elementType)
               : mf ? mathValues(*mf, v,
                                 mathOperandType(ctx, *mf, ops, path.starts_with("numpy.m.")),
                                 elementType)
                    : numpyValues(path == "abs" ? path : path.drop_front(6), v, ops, elementType);
    return castTo(r, outType->dtype());
  });
  return RValue::of(out);
}

std::vector<Value *> IRGen::broadcastTo(Value *src, Value *dst, SourceLoc loc) {
  auto *st = cast<ArrayType>(src->type());
  unsigned lead = cast<ArrayType>(dst->type())->ndim() - st->ndim();
  std::vector<Value *> repeat;
  for (unsigned d = 0; d < st->ndim(); ++d) {
    Value *extent = b.arrayShape(src, d), *m = b.arrayShape(dst, lead + d);
    Value *one = b.cmp(CmpPredicate::Eq, extent, b.constInt(extent->type(), 1));
    if (boundsCheck)
      raiseUnless(b.binary(Opcode::BitOr, b.cmp(CmpPredicate::Eq, extent, m), one), "ValueError",
                  "operands could not be broadcast together: extent {0} against {1}",
                  {extent, m}, loc);
    repeat.push_back(one);
  }
  return repeat;
}

Value *IRGen::broadcastLoad(Value *src, const std::vector<Value *> &repeat,
                            const std::vector<Value *> &idx) {
  std::vector<Value *> at(idx.end() - repeat.size(), idx.end());
  for (size_t d = 0; d < at.size(); ++d)
    at[d] = b.select(repeat[d], b.constInt(at[d]->type(), 0), at[d]);
  return b.arrayLoad(src, at);
}

void IRGen::storeIntoView(Value *view, const RValue &v, SourceLoc loc) {
  Type *dtype = cast<ArrayType>(view->type())->dtype();
  if (v.isTuple()) {
    // A tuple of n numbers into a 1-d view of extent n (stores past the
    // view's end are skipped without bounds checks).
    Type *i64 = ctx.int64();
    Value *extent = b.arrayShape(view, 0);
    Value *n = b.constInt(i64, static_cast<int64_t>(v.elems.size()));
    if (boundsCheck)
      raiseUnless(b.cmp(CmpPredicate::Eq, extent, n), "ValueError",
                  "could not broadcast a tuple of {0} into a slice of {1}", {n, extent}, loc);
    for (size_t k = 0; k < v.elems.size(); ++k) {
      Value *at = b.constInt(i64, static_cast<int64_t>(k));
      ifThen(b.cmp(CmpPredicate::Lt, at, extent),
             [&] { b.arrayStore(view, {at}, castTo(v.elems[k], dtype)); });
    }
    return;
  }
  if (isa<ArrayType>(v.value->type())) {
    std::vector<Value *> repeat = broadcastTo(v.value, view, loc);
    storeElements(view, {v.value}, loc, [&](const std::vector<Value *> &idx) {
      return castTo(RValue::of(broadcastLoad(v.value, repeat, idx)), dtype);
    });
    return;
  }
  Value *x = castTo(v, dtype);
  forEachIndex(view, [&](const std::vector<Value *> &idx) { b.arrayStore(view, idx, x); });
}

} // namespace pyjit::ir::detail
