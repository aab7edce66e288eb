//===- IRGenCoop.cpp - pyjit.coop calls -> IR -------------------------------===//
//
// Block primitives with builtin operators become Opcode::Coop (a call into
// the device library on the GPU); warp primitives become shuffles; anything
// with a user-defined operator or tuple values, and the tile primitives
// (load, store, radix_sort), is generated here for both backends.
// docs/coop.md gives the semantics and where each primitive lives.
//
//===----------------------------------------------------------------------===//
#include "IRGenImpl.h"
#include "pyjit/ir/Coop.h"
#include <cmath>
#include <functional>
#include <set>

using namespace pyjit;
using namespace pyjit::ir;

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace pyjit::ir::detail {

namespace {
/// A coop value's scalars: itself, or a flat tuple's elements.
std::vector<Value *> scalarParts(const RValue &v) {
  if (!v.isTuple())
    return {v.value};
  std::vector<Value *> out;
  for (const RValue &el : v.elems)
    out.push_back(el.value);
  return out;
}

/// The value of type `t` (a scalar or a flat tuple) made of `parts`.
RValue fromParts(Type *t, std::vector<Value *> parts) {
  if (!isa<TupleType>(t))
    return RValue::of(parts[0]);
  RValue r;
  r.type = t;
  for (Value *v : parts)
    r.elems.push_back(RValue::of(v));
  return r;
}
} // namespace

namespace {
/// The allocation `array` is, looking through phis; null when phis merge
/// different arrays, or `array` is no allocation. `incoming(phi)` gives an
/// incomplete phi's values so far (SSABuilder::knownIncoming) and `crossed`
/// collects the incomplete phis looked through.
const Instruction *allocationOf(Value *array,
                                const std::function<std::vector<Value *>(const Value *)> &incoming,
                                std::vector<const Instruction *> *crossed) {
  const Instruction *found = nullptr;
  llvm::SmallPtrSet<const Value *, 8> seen;
  llvm::SmallVector<const Value *, 8> work{array};
  while (!work.empty()) {
    const Value *v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    auto *inst = dyn_cast<Instruction>(v);
    if (inst && inst->opcode() == Opcode::Phi) {
      for (unsigned i = 0; i < inst->numOperands(); ++i)
        work.push_back(inst->operand(i));
      if (incoming) {
        std::vector<Value *> known = incoming(inst);
        if (!known.empty() && crossed)
          crossed->push_back(inst);
        work.append(known.begin(), known.end());
      }
      continue;
    }
    if (!inst || inst->opcode() != Opcode::AllocArray || (found && found != inst))
      return nullptr;
    found = inst;
  }
  return found;
}

int64_t extentOf(const Instruction *alloc) {
  if (alloc && alloc->numOperands() == 1)
    if (auto *c = dyn_cast<Instruction>(alloc->operand(0)); c && c->opcode() == Opcode::ConstInt)
      return c->intImm;
  return -1;
}

} // namespace

namespace {
/// The operator of a coop call: sum-like names add; min, max; otherwise the
/// builtin passed as the second argument (checked by type inference).
CoopOp coopOpOf(llvm::StringRef name, Type *opArg) {
  if (name == "min")
    return CoopOp::Min;
  if (name == "max")
    return CoopOp::Max;
  if (opArg)
    if (auto *bt = dyn_cast<BuiltinType>(opArg))
      if (std::optional<CoopOp> op = coopOpOfBuiltin(bt->path()))
        return *op;
  return CoopOp::Add;
}
} // namespace

RValue IRGen::coopBlockCall(const CallExpr &e, llvm::StringRef name) {
  if (isCoopTileFunction(name))
    return coopTile(e, name);
  if (typed->coopOps.count(&e) || isa<TupleType>(info(*e.args[0]).type))
    return coopGeneric(e, name, /*block=*/true);
  bool aggregate = name.consume_back("_with_aggregate");
  CoopCall call{CoopFn::Reduce, coopOpOf(name, e.args.size() > 1 ? info(*e.args[1]).type : nullptr),
                aggregate};
  if (name.starts_with("inclusive"))
    call.fn = CoopFn::InclusiveScan;
  else if (name.starts_with("exclusive"))
    call.fn = CoopFn::ExclusiveScan;
  Type *rt = info(e).type;
  Type *t = aggregate ? cast<TupleType>(rt)->elements()[0] : rt;
  Instruction *c = b.create(Opcode::Coop, t, {scalar(*e.args[0], t)});
  c->intImm = call.encode();
  if (!aggregate)
    return RValue::of(c);
  RValue r;
  r.type = rt;
  r.elems.push_back(RValue::of(c));
  r.elems.push_back(RValue::of(b.create(Opcode::CoopAggregate, t, {c})));
  return r;
}

// Warp primitives: the 32 lanes of the warp (all must call), as shuffles
// that inline — a butterfly (shfl.bfly) for reductions, Hillis-Steele with
// shfl.up for scans (the shapes of CUB's WarpReduceShfl and WarpScanShfl).
// coop.warp.merge_sort_keys: Batcher's bitonic sorting network over the 32
// lanes (15 compare-exchange steps, each a butterfly shuffle): lane l ends
// with the value of rank l. Not stable.
// merge_sort_keys(items[, less]) sorts the warp's tile of 32*ITEMS items
// (ITEMS a power of two; lane l holds ranks l*ITEMS .. l*ITEMS+ITEMS-1, as
// CUB's WarpMergeSort leaves them) with the same network over the index
// lane*ITEMS + k: pairs closer than ITEMS are in one lane's registers, the
// others a butterfly shuffle apart.
Value *IRGen::warpShuffle(CudaFn fn, Value *mask, Value *v, Value *arg) {
  Type *t = v->type();
  auto *it = dyn_cast<IntType>(t);
  bool narrow = isa<BoolType>(t) || (it && it->bits() < 32);
  Type *wide = narrow ? ctx.int32() : t;
  Instruction *s = b.create(Opcode::Cuda, wide, {mask, narrow ? b.cast(v, wide) : v, arg});
  s->intImm = static_cast<int64_t>(fn);
  return narrow ? b.cast(s, t) : s;
}

Value *IRGen::coopSortsBefore(Value *x, Value *y) {
  Value *lt = b.cmp(CmpPredicate::Lt, x, y);
  if (!isa<FloatType>(x->type()))
    return lt;
  Value *yNaN = b.cmp(CmpPredicate::Ne, y, y);
  Value *xNumber = b.cmp(CmpPredicate::Eq, x, x);
  return b.select(lt, b.constBool(true), b.select(yNaN, xNumber, b.constBool(false)));
}

RValue IRGen::coopWarpSortTile(const CallExpr &e, Value *items) {
  RValue none{ctx.none(), nullptr, {}};
  int64_t extent = constantExtent(items, e);
  if (extent < 1 || (extent & (extent - 1))) {
    diags.error(e.args[0]->range(),
                "coop.warp.merge_sort_keys() sorts a cuda.local.array whose constant size is a "
                "power of two" + (extent > 0 ? llvm::Twine(", not ") + llvm::Twine(extent)
                                               : llvm::Twine("")));
    return none;
  }
  Type *t = cast<ArrayType>(items->type())->dtype();
  Type *i32 = ctx.int32(), *u32 = ctx.intTy(32, false), *i64 = ctx.int64();
  Value *full = b.constInt(u32, 0xffffffff);
  auto it = typed->coopOps.find(&e);
  const TypedFunction *less = it == typed->coopOps.end() ? nullptr : it->second;
  auto k32 = [&](int64_t v) { return b.constInt(i32, v); };
  Value *lane = b.cast(b.sreg(SpecialReg::LaneId), i32);
  std::vector<Value *> v;
  for (int64_t k = 0; k < extent; ++k)
    v.push_back(b.create(Opcode::ArrayLoad, t, {items, b.constInt(i64, k)}));
  // upperFirst: the upper element sorts before the lower one; both holders
  // of a pair evaluate this same comparison (see coopWarpSort).
  auto upperFirst = [&](Value *lower, Value *upper) {
    return less ? b.cast(inlineFunction(*less, {RValue::of(upper), RValue::of(lower)},
                                        e.args[1]->range())
                             .value,
                         ctx.boolean())
                : coopSortsBefore(upper, lower);
  };
  int64_t n = 32 * extent;
  for (int64_t size = 2; size <= n; size <<= 1) {
    for (int64_t stride = size >> 1; stride > 0; stride >>= 1) {
      for (int64_t k = 0; k < extent; ++k) {
        // The run's direction: bit `size` of lane*ITEMS + k.
        Value *ascending = size == n ? b.constBool(true)
                           : size < extent
                               ? b.constBool((k & size) == 0)
                               : b.cmp(CmpPredicate::Eq,
                                       b.binary(Opcode::BitAnd, lane, k32(size / extent)), k32(0));
        if (stride < extent) { // both in this lane's registers
          if (k & stride)
            continue;
          Value *lo = v[k], *hi = v[k | stride];
          Value *first = upperFirst(lo, hi);
          Value *swap = b.select(ascending, first, b.unary(Opcode::Not, first));
          v[k] = b.select(swap, hi, lo);
          v[k | stride] = b.select(swap, lo, hi);
          continue;
        }
        Value *y = warpShuffle(CudaFn::ShflXorSync, full, v[k], k32(stride / extent));
        Value *lower = b.cmp(CmpPredicate::Eq,
                             b.binary(Opcode::BitAnd, lane, k32(stride / extent)), k32(0));
        Value *first = upperFirst(b.select(lower, v[k], y), b.select(lower, y, v[k]));
        Value *swap = b.select(ascending, first, b.unary(Opcode::Not, first));
        v[k] = b.select(swap, y, v[k]);
      }
    }
  }
  for (int64_t k = 0; k < extent; ++k)
    b.create(Opcode::ArrayStore, ctx.none(), {items, b.constInt(i64, k), v[k]});
  return none;
}

RValue IRGen::coopWarpSort(const CallExpr &e) {
  Type *t = info(e).type;
  if (isa<NoneType>(t))
    return coopWarpSortTile(e, gen(*e.args[0]).value);
  Type *i32 = ctx.int32(), *u32 = ctx.intTy(32, false);
  Value *full = b.constInt(u32, 0xffffffff);
  RValue x = isa<TupleType>(t) ? gen(*e.args[0]) : RValue::of(scalar(*e.args[0], t));
  auto it = typed->coopOps.find(&e);
  const TypedFunction *less = it == typed->coopOps.end() ? nullptr : it->second;
  auto parts = [](const RValue &v) { return scalarParts(v); };
  auto whole = [&](std::vector<Value *> vs) { return fromParts(t, std::move(vs)); };
  Value *lane = b.cast(b.sreg(SpecialReg::LaneId), i32);
  auto k32 = [&](int64_t v) { return b.constInt(i32, v); };
  for (int k = 2; k <= 32; k <<= 1) {
    for (int j = k >> 1; j > 0; j >>= 1) {
      std::vector<Value *> px = parts(x), py;
      for (Value *p : px)
        py.push_back(warpShuffle(CudaFn::ShflXorSync, full, p, k32(j)));
      // In an ascending run (lane & k clear) the pair's lower lane must end
      // with the smaller value, in a descending run with the larger. Both
      // lanes evaluate the same comparison, less(upper's, lower's), so ties
      // and NaNs swap both lanes or neither: no value is lost or doubled.
      Value *lower = b.cmp(CmpPredicate::Eq, b.binary(Opcode::BitAnd, lane, k32(j)), k32(0));
      Value *ascending =
          k == 32 ? b.constBool(true)
                  : b.cmp(CmpPredicate::Eq, b.binary(Opcode::BitAnd, lane, k32(k)), k32(0));
      std::vector<Value *> pa, pc; // pa: the lower lane's value, pc: the upper's
      for (size_t q = 0; q < px.size(); ++q) {
        pa.push_back(b.select(lower, px[q], py[q]));
        pc.push_back(b.select(lower, py[q], px[q]));
      }
      RValue a = whole(pa), c = whole(pc);
      // upperFirst: the upper lane's value sorts before the lower lane's.
      Value *upperFirst = less ? b.cast(inlineFunction(*less, {c, a}, e.args[1]->range()).value,
                                        ctx.boolean())
                               : coopSortsBefore(c.value, a.value);
      // Swap when the pair is out of its run's order: the lower lane then
      // takes the upper's value and the upper the lower's.
      Value *swapped = b.select(ascending, upperFirst, b.unary(Opcode::Not, upperFirst));
      std::vector<Value *> out;
      for (size_t q = 0; q < px.size(); ++q)
        out.push_back(b.select(swapped, py[q], px[q]));
      x = whole(out);
    }
  }
  return x;
}

RValue IRGen::coopWarpCall(const CallExpr &e, llvm::StringRef name) {
  if (name == "merge_sort_keys")
    return coopWarpSort(e);
  if (typed->coopOps.count(&e) || isa<TupleType>(info(*e.args[0]).type))
    return coopGeneric(e, name, /*block=*/false);
  Type *t = info(e).type;
  Type *u32 = ctx.intTy(32, false);
  Value *full = b.constInt(u32, 0xffffffff);
  Value *x = scalar(*e.args[0], t);
  auto shfl = [&](CudaFn fn, Value *v, Value *arg) {
    Instruction *s = b.create(Opcode::Cuda, t, {full, v, arg});
    s->intImm = static_cast<int64_t>(fn);
    return s;
  };
  if (name == "broadcast")
    return RValue::of(shfl(CudaFn::ShflSync, x, scalar(*e.args[1], ctx.int32())));
  CoopOp op = coopOpOf(name, e.args.size() > 1 ? info(*e.args[1]).type : nullptr);
  auto apply = [&](Value *lhs, Value *rhs) -> Value * {
    switch (op) {
    case CoopOp::Add:
      return b.binary(Opcode::Add, lhs, rhs);
    case CoopOp::Min:
      return b.binary(Opcode::Min, lhs, rhs);
    case CoopOp::Max:
      return b.binary(Opcode::Max, lhs, rhs);
    }
    return lhs;
  };
  Value *lane = b.cast(b.sreg(SpecialReg::LaneId), ctx.int32());
  if (name == "sum" || name == "min" || name == "max" || name == "reduce") {
    for (int offset = 16; offset > 0; offset >>= 1) {
      Value *k = b.constInt(ctx.int32(), offset);
      Value *other = shfl(CudaFn::ShflXorSync, x, k);
      if (op == CoopOp::Add) { // (a + b is b + a, to the bit)
        x = apply(x, other);
        continue;
      }
      // min/max: the lower lane's value on the left in both lanes of a
      // pair, so every lane combines the same operands in thread order (a
      // NaN or a -0.0 gave each lane its own result: min(a, b) is not
      // min(b, a) for them).
      Value *upper = b.cmp(CmpPredicate::Ne, b.binary(Opcode::BitAnd, lane, k),
                           b.constInt(ctx.int32(), 0));
      x = apply(b.select(upper, other, x), b.select(upper, x, other));
    }
    return RValue::of(x);
  }
  for (int offset = 1; offset < 32; offset <<= 1) {
    Value *k = b.constInt(ctx.int32(), offset);
    Value *y = shfl(CudaFn::ShflUpSync, x, k);
    x = b.select(b.cmp(CmpPredicate::Ge, lane, k), apply(y, x), x);
  }
  if (name.starts_with("inclusive"))
    return RValue::of(x);
  // Exclusive: the inclusive result of the lane before; lane 0 the identity.
  Value *before = shfl(CudaFn::ShflUpSync, x, b.constInt(ctx.int32(), 1));
  Value *identity;
  if (auto *ft = dyn_cast<FloatType>(t)) {
    identity = b.constFloat(t, op == CoopOp::Add ? 0.0 : op == CoopOp::Min ? INFINITY : -INFINITY);
    (void)ft;
  } else {
    auto *it = cast<IntType>(t);
    int64_t v = 0;
    if (op == CoopOp::Min)
      v = it->isSigned() ? (it->bits() == 32 ? INT32_MAX : INT64_MAX)
                         : (it->bits() == 32 ? int64_t(UINT32_MAX) : -1);
    else if (op == CoopOp::Max)
      v = it->isSigned() ? (it->bits() == 32 ? INT32_MIN : INT64_MIN) : 0;
    identity = b.constInt(t, v);
  }
  return RValue::of(
      b.select(b.cmp(CmpPredicate::Eq, lane, b.constInt(ctx.int32(), 0)), identity, before));
}

// pyjit.coop with a user-defined operator or tuple values (docs/coop.md):
// generated here, for both backends, with the operator inlined at every
// step. Values are RValues (a scalar or a flat tuple of 32/64-bit scalars);
// each tuple element is shuffled and stored on its own. Block primitives:
// a bounded shfl.down reduction (or shfl.up scan) per warp, partial warps
// included; one value per warp through shared memory; then every thread
// folds the warp values it needs (the operator applied up to 31 times).
RValue IRGen::coopGeneric(const CallExpr &e, llvm::StringRef name, bool blockScope) {
  bool aggregate = name.consume_back("_with_aggregate");
  Type *rt = info(e).type;
  Type *t = aggregate ? cast<TupleType>(rt)->elements()[0] : rt;
  Type *i32 = ctx.int32(), *u32 = ctx.intTy(32, false);
  auto elementTypes = [&]() -> std::vector<Type *> {
    if (auto *tt = dyn_cast<TupleType>(t))
      return tt->elements();
    return {t};
  };
  auto parts = [](const RValue &v) { return scalarParts(v); };
  auto whole = [&](std::vector<Value *> vs) { return fromParts(t, std::move(vs)); };
  RValue x = isa<TupleType>(t) ? gen(*e.args[0]) : RValue::of(scalar(*e.args[0], t));
  auto shfl = [&](CudaFn fnc, const RValue &v, Value *mask, Value *arg) {
    std::vector<Value *> out;
    for (Value *p : parts(v))
      out.push_back(warpShuffle(fnc, mask, p, arg));
    return whole(out);
  };
  auto choose = [&](Value *cond, const RValue &a, const RValue &c) {
    std::vector<Value *> pa = parts(a), pc = parts(c), out;
    for (size_t k = 0; k < pa.size(); ++k)
      out.push_back(b.select(cond, pa[k], pc[k]));
    return whole(out);
  };
  auto it = typed->coopOps.find(&e);
  const TypedFunction *opFn = it == typed->coopOps.end() ? nullptr : it->second;
  auto apply = [&](const RValue &a, const RValue &c) -> RValue {
    RValue r = inlineFunction(*opFn, {a, c}, e.args[1]->range());
    return isa<TupleType>(t) ? r : RValue::of(b.cast(r.value, t));
  };
  // op(a, c) where `cond` holds, else `otherwise`: a branch, not a select,
  // so the operator never runs on a value that is not a real partial result
  // (a shuffle from an inactive lane, say) and its asserts cannot misfire.
  auto applyWhen = [&](Value *cond, const RValue &a, const RValue &c, const RValue &otherwise) {
    std::string var = "$coop.v" + std::to_string(tempId++);
    writeVar(var, t, otherwise);
    ifThen(cond, [&] { writeVar(var, t, apply(a, c)); });
    return readVar(var, t);
  };
  auto k32 = [&](int64_t v) { return b.constInt(i32, v); };
  Value *full = b.constInt(u32, 0xffffffff);
  // exclusive_scan(x, op, identity): the first thread's result.
  auto identityValue = [&]() -> RValue {
    return isa<TupleType>(t) ? gen(*e.args[2]) : RValue::of(scalar(*e.args[2], t));
  };

  if (!blockScope) { // all 32 lanes
    if (name == "broadcast")
      return shfl(CudaFn::ShflSync, x, full, scalar(*e.args[1], i32));
    Value *lane = b.cast(b.sreg(SpecialReg::LaneId), i32);
    if (name == "reduce") {
      // In lane order (the operator need not commute): with offsets 1, 2,
      // 4, .. each lane l combines the contiguous runs starting at l and
      // l + off, so lane 0 ends with op(x_0, .., x_31); every lane takes it.
      for (int off = 1; off < 32; off <<= 1)
        x = applyWhen(b.cmp(CmpPredicate::Lt, b.binary(Opcode::Add, lane, k32(off)), k32(32)), x,
                      shfl(CudaFn::ShflDownSync, x, full, k32(off)), x);
      return shfl(CudaFn::ShflSync, x, full, k32(0));
    }
    for (int off = 1; off < 32; off <<= 1) // inclusive_scan
      x = applyWhen(b.cmp(CmpPredicate::Ge, lane, k32(off)),
                    shfl(CudaFn::ShflUpSync, x, full, k32(off)), x, x);
    if (name.starts_with("inclusive"))
      return x;
    RValue before = shfl(CudaFn::ShflUpSync, x, full, k32(1)); // exclusive_scan
    return choose(b.cmp(CmpPredicate::Eq, lane, k32(0)), identityValue(), before);
  }

  // The block: linear thread rank, its warp and lane, the warp's width.
  auto reg = [&](SpecialReg r) { return b.cast(b.sreg(r), i32); };
  Value *tid = b.binary(Opcode::Add, reg(SpecialReg::TidX),
                        b.binary(Opcode::Mul, reg(SpecialReg::NtidX),
                                 b.binary(Opcode::Add, reg(SpecialReg::TidY),
                                          b.binary(Opcode::Mul, reg(SpecialReg::NtidY),
                                                   reg(SpecialReg::TidZ)))));
  Value *n = b.binary(Opcode::Mul, reg(SpecialReg::NtidX),
                      b.binary(Opcode::Mul, reg(SpecialReg::NtidY), reg(SpecialReg::NtidZ)));
  Value *lane = b.binary(Opcode::BitAnd, tid, k32(31));
  Value *warp = b.binary(Opcode::FloorDiv, tid, k32(32));
  Value *warps = b.binary(Opcode::FloorDiv, b.binary(Opcode::Add, n, k32(31)), k32(32));
  Value *width = b.binary(Opcode::Min, b.binary(Opcode::Sub, n, b.binary(Opcode::Mul, warp, k32(32))),
                          k32(32));
  // The warp's lanes: 0xffffffff >> (32 - width), as uint32.
  Value *mask = b.binary(Opcode::Shr, full, b.cast(b.binary(Opcode::Sub, k32(32), width), u32));
  std::vector<Value *> scratch;
  for (Type *et : elementTypes()) {
    Instruction *a = b.create(Opcode::AllocArray, ctx.array(et, 1, Layout::C),
                              {b.constInt(ctx.int64(), 32)});
    a->intImm = 3; // shared
    scratch.push_back(a);
  }
  auto load = [&](Value *w) {
    std::vector<Value *> out;
    for (Value *a : scratch)
      out.push_back(b.create(Opcode::ArrayLoad, cast<ArrayType>(a->type())->dtype(),
                             {a, b.cast(w, ctx.int64())}));
    return whole(out);
  };
  auto storeAt = [&](Value *w, const RValue &v) {
    std::vector<Value *> pv = parts(v);
    for (size_t k = 0; k < scratch.size(); ++k)
      b.create(Opcode::ArrayStore, ctx.none(), {scratch[k], b.cast(w, ctx.int64()), pv[k]});
  };
  auto barrier = [&] {
    Instruction *s = b.create(Opcode::Cuda, ctx.none(), {});
    s->intImm = static_cast<int64_t>(CudaFn::Syncthreads);
  };
  // op over the warp values s[0], .., s[limit - 1] (limit >= 1), in a loop:
  // the operator sees written slots only, once each, in order.
  auto fold = [&](Value *limit) {
    std::string var = "$coop.acc" + std::to_string(tempId++);
    writeVar(var, t, load(k32(0)));
    Value *rest = b.cast(b.binary(Opcode::Sub, limit, k32(1)), ctx.int64());
    forRange(rest, [&](Value *k) {
      Value *w = b.cast(b.binary(Opcode::Add, k, b.constInt(ctx.int64(), 1)), i32);
      writeVar(var, t, apply(readVar(var, t), load(w)));
    });
    return readVar(var, t);
  };
  if (name == "reduce") {
    for (int off = 1; off < 32; off <<= 1) { // contiguous runs: lane order
      RValue y = shfl(CudaFn::ShflDownSync, x, mask, k32(off));
      x = applyWhen(b.cmp(CmpPredicate::Lt, b.binary(Opcode::Add, lane, k32(off)), width), x, y,
                    x);
    }
    ifThen(b.cmp(CmpPredicate::Eq, lane, k32(0)), [&] { storeAt(warp, x); });
    barrier();
    RValue total = fold(warps);
    barrier(); // the next call may write the scratch
    return total;
  }
  for (int off = 1; off < 32; off <<= 1) { // the warp's inclusive scan
    RValue y = shfl(CudaFn::ShflUpSync, x, mask, k32(off));
    x = applyWhen(b.cmp(CmpPredicate::Ge, lane, k32(off)), y, x, x);
  }
  bool exclusive = name.starts_with("exclusive");
  RValue laneBefore; // exclusive: the warp's inclusive scan one lane back
  if (exclusive)
    laneBefore = shfl(CudaFn::ShflUpSync, x, mask, k32(1));
  ifThen(b.cmp(CmpPredicate::Eq, lane, b.binary(Opcode::Sub, width, k32(1))),
         [&] { storeAt(warp, x); });
  barrier();
  // The warps ahead of this one (for warp 0: s[0], unused).
  RValue before = fold(b.binary(Opcode::Max, warp, k32(1)));
  Value *laterWarp = b.cmp(CmpPredicate::Gt, warp, k32(0));
  RValue result;
  if (!exclusive) {
    result = applyWhen(laterWarp, before, x, x);
  } else {
    Value *lane0 = b.cmp(CmpPredicate::Eq, lane, k32(0));
    RValue first = choose(laterWarp, before, identityValue());
    result = applyWhen(b.binary(Opcode::BitAnd, laterWarp, b.unary(Opcode::Not, lane0)), before,
                       laneBefore, choose(lane0, first, laneBefore));
  }
  RValue total;
  if (aggregate)
    total = fold(warps);
  barrier();
  if (!aggregate)
    return result;
  RValue pair;
  pair.type = rt;
  pair.elems = {result, total};
  return pair;
}


// A local array's constant extent, or -1. Inside a loop, an array declared
// before it is an incomplete phi of the loop header while the body is
// generated; its value on entry to the loop is used, and checked once the
// function is complete (checkTileAssumptions): every path must bring the
// same array.
int64_t IRGen::constantExtent(Value *array, const CallExpr &e) {
  std::vector<const Instruction *> crossed;
  const Instruction *alloc = allocationOf(
      array, [&](const Value *v) { return ssa.knownIncoming(v); }, &crossed);
  for (const Instruction *phi : crossed)
    tileAssumptions.push_back({phi, alloc, e.range()});
  return extentOf(alloc);
}

void IRGen::checkTileAssumptions() {
  for (const TileAssumption &a : tileAssumptions) {
    if (ssa.wasRemoved(a.phi))
      continue; // trivial: the one value it had is the array on entry
    if (allocationOf(const_cast<Instruction *>(a.phi), nullptr, nullptr) != a.alloc) {
      diags.error(a.range, "this pyjit.coop primitive needs the same cuda.local.array on every "
                           "pass of the loop around it");
      return;
    }
  }
}

// A block may have 48 KiB of static shared memory without opting in to
// more (CUDA C++ Programming Guide, "Shared Memory"; nvJitLink refuses the
// kernel at link time otherwise): the kernel's cuda.shared.array calls, the
// storage placed for pyjit.coop tiles, and pyjit.coop's scratch: the device
// library's, 33 values for each (block reduce or scan, operator, type) the
// kernel calls (runtime/devicelib/coop.cu), and that of primitives generated
// here. Over the limit is a compile error at the call
// that placed storage, else at the largest shared array.
void IRGen::checkStaticSharedMemory() {
  auto bytesOf = [](const Instruction *alloc) -> int64_t {
    int64_t n = elementBytes(cast<ArrayType>(alloc->type())->dtype());
    for (unsigned i = 0; i < alloc->numOperands(); ++i) {
      auto *c = dyn_cast<Instruction>(alloc->operand(i));
      n *= c && c->opcode() == Opcode::ConstInt ? std::max<int64_t>(c->intImm, 0) : 0;
    }
    return n; // cuda.shared.array(0, ...) is the dynamic shared memory: 0 here
  };
  int64_t user = 0, placed = 0, scratch = 0;
  const std::pair<const Instruction *, SourceRange> *largest = nullptr;
  for (const auto &entry : sharedArrays)
    if (!largest || bytesOf(entry.first) > bytesOf(largest->first))
      largest = &entry;
  auto listed = [](const auto &list, const Instruction *inst) {
    return llvm::any_of(list, [&](const auto &entry) { return entry.first == inst; });
  };
  std::set<std::tuple<bool, CoopOp, Type *>> instances;
  std::set<uint32_t> sites; // (the instructions of one site are one allocation)
  for (const auto &bb : fn->blocks())
    for (const auto &inst : bb->instructions()) {
      if (inst->opcode() == Opcode::AllocArray && inst->intImm == 3) {
        if (inst->allocSite && !sites.insert(inst->allocSite).second)
          continue;
        int64_t bytes = bytesOf(inst.get());
        if (listed(placedStorage, inst.get()))
          placed += bytes;
        else if (listed(sharedArrays, inst.get()))
          user += bytes;
        else
          scratch += bytes; // a generated primitive's scratch (coopGeneric)
      } else if (inst->opcode() == Opcode::Coop) {
        CoopCall c = CoopCall::decode(inst->intImm);
        if (instances.insert({c.fn == CoopFn::Reduce, c.op, inst->type()}).second)
          scratch += 33 * elementBytes(inst->type());
      }
    }
  int64_t total = user + placed + scratch;
  if (total <= 48 * 1024 || (!largest && placedStorage.empty()))
    return;
  SourceRange where = !placedStorage.empty() ? placedStorage.front().second : largest->second;
  diags.error(where, "this kernel needs " + llvm::Twine(total) +
                         " bytes of static shared memory, more than the 48 KiB a block can "
                         "have: " + llvm::Twine(user) + " in cuda.shared.array, " +
                         llvm::Twine(placed) + " placed for pyjit.coop tiles, " +
                         llvm::Twine(scratch) + " of pyjit.coop's scratch" +
                         (placedStorage.empty() ? ""
                                                : "; bound the block with launch_bounds to "
                                                  "shrink the placed storage"));
}

// Shared storage for a tile of `items` (a cuda.local.array of constant
// extent ITEMS): room for the most threads a block of this kernel can have
// (its launch_bounds, else 1024) times ITEMS, within the 48 KiB of static
// shared memory. Null after reporting an error.
Value *IRGen::coopTileStorage(Value *items, const CallExpr &e, bool callerMayGive, bool padded) {
  int64_t extent = constantExtent(items, e);
  const Expr &itemsArg = *e.args[callerMayGive ? 0 : 1];
  if (extent < 1) {
    diags.error(itemsArg.range(),
                callerMayGive
                    ? "the compiler sizes this primitive's shared storage from a cuda.local.array "
                      "of constant size; for other item arrays give the storage as the second "
                      "argument"
                    : "the compiler sizes this primitive's shared storage from a cuda.local.array "
                      "of constant size");
    return nullptr;
  }
  Type *dtype = cast<ArrayType>(items->type())->dtype();
  int64_t itemBytes = elementBytes(dtype);
  int64_t elements = extent * maxThreadsPerBlock;
  if (padded)
    elements += elements / 32;
  if (elements * itemBytes > 48 * 1024) {
    diags.error(e.range(), "this tile needs " + llvm::Twine(elements * itemBytes) +
                               " bytes of shared memory (" + llvm::Twine(maxThreadsPerBlock) +
                               " threads x " + llvm::Twine(extent) +
                               " items), more than 48 KiB: bound the block with launch_bounds" +
                               (callerMayGive
                                    ? ", or give a smaller shared array as the second argument"
                                    : ""));
    return nullptr;
  }
  Value *&shared = tileStorage[{dtype, elements, padded}];
  if (!shared) {
    // Created here, then moved to the top of the entry block so that it
    // dominates every call that shares it.
    BasicBlock *here = b.insertBlock();
    Value *size = b.constInt(ctx.int64(), elements);
    Instruction *storage = b.create(Opcode::AllocArray, ctx.array(dtype, 1, Layout::C), {size});
    storage->intImm = 3; // shared
    auto owned = here->remove(storage);
    auto ownedSize = here->remove(cast<Instruction>(size));
    fn->entry()->prepend(std::move(owned));
    fn->entry()->prepend(std::move(ownedSize));
    shared = storage;
    placedStorage.push_back({storage, e.range()});
  }
  return shared;
}

// load/store_warp_transposed: the blocked tile moved by each warp as a
// striped run over its own part of the tile (coalesced), transposed through
// shared memory with __syncwarp only (CUB's BLOCK_LOAD_WARP_TRANSPOSE). A
// warp's part starts at its first thread's items; a partial last warp
// stripes over its width. Element j of a warp's part is stored at j + j/32:
// one word of padding per 32 keeps the blocked reads and writes free of
// shared-memory bank conflicts (as CUB's WarpExchange pads).
RValue IRGen::coopWarpTransposed(const CallExpr &e, Value *array, Value *items, Value *start,
                                 Value *fallback, bool isLoad) {
  RValue none{ctx.none(), nullptr, {}};
  Value *storage = coopTileStorage(items, e, false, true);
  if (!storage)
    return none;
  Type *i64 = ctx.int64(), *u32 = ctx.intTy(32, false);
  auto c64 = [&](int64_t v) { return b.constInt(i64, v); };
  Value *tid = blockRank(), *n = blockThreads();
  Value *count = b.arrayShape(items, 0), *size = b.arrayShape(array, 0);
  Value *lane = b.binary(Opcode::BitAnd, tid, c64(31));
  Value *warpFirst = b.binary(Opcode::Sub, tid, lane);
  Value *width = b.binary(Opcode::Min, b.binary(Opcode::Sub, n, warpFirst), c64(32));
  Value *part = b.binary(Opcode::Mul, warpFirst, count); // the warp's part of the tile
  Value *first = b.binary(Opcode::Add, start, part);
  Value *mask = b.binary(Opcode::Shr, b.constInt(u32, 0xffffffff),
                         b.cast(b.binary(Opcode::Sub, c64(32), width), u32));
  auto syncwarp = [&] {
    Instruction *s = b.create(Opcode::Cuda, ctx.none(), {mask});
    s->intImm = static_cast<int64_t>(CudaFn::Syncwarp);
  };
  auto load = [&](Value *a, Value *i) {
    return b.create(Opcode::ArrayLoad, cast<ArrayType>(a->type())->dtype(), {a, i});
  };
  auto store = [&](Value *a, Value *i, Value *v) {
    b.create(Opcode::ArrayStore, ctx.none(), {a, i, b.cast(v, cast<ArrayType>(a->type())->dtype())});
  };
  auto inBounds = [&](Value *i) {
    return b.binary(Opcode::BitAnd, b.cmp(CmpPredicate::Ge, i, c64(0)),
                    b.cmp(CmpPredicate::Lt, i, size));
  };
  auto stripedOffset = [&](Value *k) {
    return b.binary(Opcode::Add, b.binary(Opcode::Mul, k, width), lane);
  };
  auto blockedOffset = [&](Value *k) {
    return b.binary(Opcode::Add, b.binary(Opcode::Mul, lane, count), k);
  };
  // The storage slot of element j of the warp's part (padded; see above).
  Value *partSlot = b.binary(Opcode::Add, part, b.binary(Opcode::FloorDiv, part, c64(32)));
  auto slotOf = [&](Value *j) {
    return b.binary(Opcode::Add, partSlot, b.binary(Opcode::Add, j, b.binary(Opcode::Shr, j, c64(5))));
  };
  if (isLoad) {
    forRange(count, [&](Value *k) {
      Value *j = stripedOffset(k), *i = b.binary(Opcode::Add, first, j);
      Value *slot = slotOf(j);
      ifThen(inBounds(i), [&] { store(storage, slot, load(array, i)); });
      if (fallback)
        ifThen(b.unary(Opcode::Not, inBounds(i)), [&] { store(storage, slot, fallback); });
    });
    syncwarp();
    forRange(count, [&](Value *k) {
      Value *j = blockedOffset(k), *i = b.binary(Opcode::Add, first, j);
      Value *filled = fallback ? b.constBool(true) : inBounds(i);
      ifThen(filled, [&] { store(items, k, load(storage, slotOf(j))); });
    });
  } else {
    forRange(count, [&](Value *k) {
      store(storage, slotOf(blockedOffset(k)), load(items, k));
    });
    syncwarp();
    forRange(count, [&](Value *k) {
      Value *j = stripedOffset(k), *i = b.binary(Opcode::Add, first, j);
      ifThen(inBounds(i), [&] { store(array, i, load(storage, slotOf(j))); });
    });
  }
  syncwarp(); // the next call may write the storage
  return none;
}

void IRGen::ifThen(Value *cond, const std::function<void()> &body) {
  BasicBlock *then = fn->createBlock(), *merge = fn->createBlock();
  b.condBr(cond, then, merge);
  ssa.sealBlock(then);
  enter(then);
  body();
  jumpTo(merge);
  ssa.sealBlock(merge);
  enter(merge);
}

void IRGen::whileLoop(const std::function<Value *()> &cond, const std::function<void()> &body) {
  BasicBlock *header = fn->createBlock(), *loop = fn->createBlock(), *exit = fn->createBlock();
  b.br(header);
  enter(header);
  b.condBr(cond(), loop, exit);
  ssa.sealBlock(loop);
  enter(loop);
  body();
  jumpTo(header);
  ssa.sealBlock(header);
  ssa.sealBlock(exit);
  enter(exit);
}

void IRGen::forRange(Value *count, const std::function<void(Value *)> &body) {
  std::string var = "$coop.k" + std::to_string(tempId++);
  Type *i64 = ctx.int64();
  writeVar(var, i64, RValue::of(b.constInt(i64, 0)));
  Value *k = nullptr;
  whileLoop(
      [&] {
        k = readVar(var, i64).value;
        return b.cmp(CmpPredicate::Lt, k, count);
      },
      [&] {
        body(k);
        writeVar(var, i64, RValue::of(b.binary(Opcode::Add, k, b.constInt(i64, 1))));
      });
}

Value *IRGen::blockRank() {
  auto reg = [&](SpecialReg r) { return b.cast(b.sreg(r), ctx.int64()); };
  return b.binary(Opcode::Add, reg(SpecialReg::TidX),
                  b.binary(Opcode::Mul, reg(SpecialReg::NtidX),
                           b.binary(Opcode::Add, reg(SpecialReg::TidY),
                                    b.binary(Opcode::Mul, reg(SpecialReg::NtidY),
                                             reg(SpecialReg::TidZ)))));
}

Value *IRGen::blockThreads() {
  auto reg = [&](SpecialReg r) { return b.cast(b.sreg(r), ctx.int64()); };
  return b.binary(Opcode::Mul, reg(SpecialReg::NtidX),
                  b.binary(Opcode::Mul, reg(SpecialReg::NtidY), reg(SpecialReg::NtidZ)));
}

// Tiles of items per thread (docs/coop.md). load/store move a tile between an
// array and each thread's `items` (a cuda.local.array): blocked (thread t
// holds elements t*ITEMS .. t*ITEMS+ITEMS-1 of the tile) or striped (element
// k*n + t), skipping elements past the array's end. radix_sort sorts the
// block's tile held blocked in `keys`, through `temp` (shared memory of at
// least n*ITEMS keys): a stable least-significant-bit-first split per key
// bit, each placed with a block-wide exclusive sum of the zeros.
RValue IRGen::coopTile(const CallExpr &e, llvm::StringRef name) {
  Type *i64 = ctx.int64();
  Value *tid = blockRank(), *n = blockThreads();
  auto load = [&](Value *array, Value *i) {
    return b.create(Opcode::ArrayLoad, cast<ArrayType>(array->type())->dtype(), {array, i});
  };
  auto store = [&](Value *array, Value *i, Value *v) {
    b.create(Opcode::ArrayStore, ctx.none(),
             {array, i, b.cast(v, cast<ArrayType>(array->type())->dtype())});
  };
  auto barrier = [&] {
    Instruction *s = b.create(Opcode::Cuda, ctx.none(), {});
    s->intImm = static_cast<int64_t>(CudaFn::Syncthreads);
  };
  Value *first = gen(*e.args[0]).value;
  Value *second = e.args.size() > 1 ? gen(*e.args[1]).value : coopTileStorage(first, e, true);
  if (!second)
    return RValue{ctx.none(), nullptr, {}};
  // A thread's tile is its own (local memory), the histogram's bins the
  // block's (shared): the other kind compiled, and each thread sorted into,
  // or counted only its own items in, memory of the wrong scope.
  auto inSpace = [&](unsigned argument, Value *array, int space, llvm::StringRef what) {
    const Instruction *alloc = allocationOf(array, nullptr, nullptr);
    if (!alloc || alloc->intImm != space)
      return true;
    diags.error(e.args[argument]->range(),
                "coop.block." + name + "(): " + what + " (docs/coop.md)");
    return false;
  };
  if (name.starts_with("radix_sort") &&
      !inSpace(0, first, 3, "the keys are each thread's, in a cuda.local.array, not a "
                            "cuda.shared.array"))
    return RValue{ctx.none(), nullptr, {}};
  bool itemsFirst = name.starts_with("exchange_");
  if ((itemsFirst || name.starts_with("load") || name.starts_with("store")) &&
      !inSpace(itemsFirst ? 0 : 1, itemsFirst ? first : second, 3,
               "the items are each thread's, in a cuda.local.array, not a cuda.shared.array"))
    return RValue{ctx.none(), nullptr, {}};
  if (name == "histogram" &&
      !inSpace(1, second, 5, "the bins are the block's, in a cuda.shared.array of integers, "
                             "not a cuda.local.array"))
    return RValue{ctx.none(), nullptr, {}};
  if (name.starts_with("exchange_")) {
    // Through temp: each item written at its place in one arrangement and
    // read back at the thread's places in the other.
    Value *items = first, *temp = second, *count = b.arrayShape(items, 0);
    auto blocked = [&](Value *k) { return b.binary(Opcode::Add, b.binary(Opcode::Mul, tid, count), k); };
    auto striped = [&](Value *k) { return b.binary(Opcode::Add, b.binary(Opcode::Mul, k, n), tid); };
    bool toBlocked = name == "exchange_striped_to_blocked";
    Value *tempSize = b.arrayShape(temp, 0);
    auto inTemp = [&](Value *i) { return b.cmp(CmpPredicate::Lt, i, tempSize); };
    forRange(count, [&](Value *k) {
      Value *i = toBlocked ? striped(k) : blocked(k);
      ifThen(inTemp(i), [&] { store(temp, i, load(items, k)); });
    });
    barrier();
    forRange(count, [&](Value *k) {
      Value *i = toBlocked ? blocked(k) : striped(k);
      ifThen(inTemp(i), [&] { store(items, k, load(temp, i)); });
    });
    barrier();
    return RValue{ctx.none(), nullptr, {}};
  }
  if (name == "histogram") {
    // bins[v] counts the block's items equal to v (0 <= v < bins.size): the
    // bins are cleared, then shared-memory atomics add the items.
    Value *items = first, *bins = second;
    Value *nbins = b.arrayShape(bins, 0), *count = b.arrayShape(items, 0);
    Type *binType = cast<ArrayType>(bins->type())->dtype();
    std::string var = "$coop.bin" + std::to_string(tempId++);
    writeVar(var, i64, RValue::of(tid));
    BasicBlock *header = fn->createBlock(), *loop = fn->createBlock(), *exit = fn->createBlock();
    b.br(header);
    enter(header);
    Value *bin = readVar(var, i64).value;
    b.condBr(b.cmp(CmpPredicate::Lt, bin, nbins), loop, exit);
    ssa.sealBlock(loop);
    enter(loop);
    store(bins, bin, b.constInt(binType, 0));
    writeVar(var, i64, RValue::of(b.binary(Opcode::Add, bin, n)));
    jumpTo(header);
    ssa.sealBlock(header);
    ssa.sealBlock(exit);
    enter(exit);
    barrier();
    forRange(count, [&](Value *k) {
      Value *v = b.cast(load(items, k), i64);
      Value *inside = b.binary(Opcode::BitAnd, b.cmp(CmpPredicate::Ge, v, b.constInt(i64, 0)),
                               b.cmp(CmpPredicate::Lt, v, nbins));
      ifThen(inside, [&] {
        Instruction *add = b.create(Opcode::Cuda, binType, {bins, v, b.constInt(binType, 1)});
        add->intImm = static_cast<int64_t>(CudaFn::AtomicAdd);
      });
    });
    barrier();
    return RValue{ctx.none(), nullptr, {}};
  }
  if (!name.starts_with("radix_sort")) {
    Value *array = first, *items = second;
    Value *start = scalar(*e.args[2], i64);
    Value *count = b.arrayShape(items, 0), *size = b.arrayShape(array, 0);
    // load(..., default): items past the array's end get it (CUB's oob_default).
    Value *fallback = e.args.size() == 4
                          ? scalar(*e.args[3], cast<ArrayType>(items->type())->dtype())
                          : nullptr;
    bool striped = name.ends_with("_striped"), isLoad = name.starts_with("load");
    auto inBounds = [&](Value *i) {
      return b.binary(Opcode::BitAnd, b.cmp(CmpPredicate::Ge, i, b.constInt(i64, 0)),
                      b.cmp(CmpPredicate::Lt, i, size));
    };
    auto direct = [&] {
      forRange(count, [&](Value *k) {
        Value *offset = striped ? b.binary(Opcode::Add, b.binary(Opcode::Mul, k, n), tid)
                                : b.binary(Opcode::Add, b.binary(Opcode::Mul, tid, count), k);
        Value *i = b.binary(Opcode::Add, start, offset);
        Value *inside = inBounds(i);
        ifThen(inside, [&] {
          if (isLoad)
            store(items, k, load(array, i));
          else
            store(array, i, load(items, k));
        });
        if (fallback)
          ifThen(b.unary(Opcode::Not, inside), [&] { store(items, k, fallback); });
      });
    };
    if (name.ends_with("_warp_transposed"))
      return coopWarpTransposed(e, array, items, start, fallback, isLoad);
    int64_t extent = constantExtent(items, e);
    auto *arrayType = cast<ArrayType>(array->type());
    int64_t bytes = elementBytes(arrayType->dtype());
    // vectorized: blocked, and where the thread's run lies inside the array
    // at an address aligned to the run's bytes (up to 16), one straight run
    // of loads or stores that promise that alignment, which the NVPTX
    // backend merges into ld/st.v2 or .v4 (CUB's BLOCK_LOAD_VECTORIZE).
    int64_t vector = 1;
    if (name.ends_with("_vectorized") && extent >= 1 && arrayType->layout() == Layout::C &&
        arrayType->ndim() == 1)
      while (vector < 16 && (extent * bytes) % (vector * 2) == 0)
        vector *= 2;
    if (vector <= bytes) {
      direct();
      return RValue{ctx.none(), nullptr, {}};
    }
    Type *u64 = ctx.intTy(64, false);
    Value *first = b.binary(Opcode::Add, start, b.binary(Opcode::Mul, tid, count));
    Value *address = b.binary(Opcode::Add, b.create(Opcode::ArrayAddress, u64, {array}),
                              b.cast(b.binary(Opcode::Mul, first, b.constInt(i64, bytes)), u64));
    Value *aligned = b.cmp(CmpPredicate::Eq,
                           b.binary(Opcode::BitAnd, address, b.constInt(u64, vector - 1)),
                           b.constInt(u64, 0));
    Value *fast = b.binary(Opcode::BitAnd,
                           b.binary(Opcode::BitAnd, b.cmp(CmpPredicate::Ge, first, b.constInt(i64, 0)),
                                    b.cmp(CmpPredicate::Le,
                                          b.binary(Opcode::Add, first, b.constInt(i64, extent)),
                                          size)),
                           aligned);
    ifThen(fast, [&] {
      for (int64_t k = 0; k < extent; ++k) {
        Value *i = b.binary(Opcode::Add, first, b.constInt(i64, k));
        Value *kk = b.constInt(i64, k);
        // The alignment of element k: the run's, or the largest power of
        // two dividing its offset in the run.
        int64_t offset = k * bytes, align = vector;
        while (offset % align)
          align /= 2;
        if (isLoad) {
          auto *l = cast<Instruction>(load(array, i));
          l->intImm = align > bytes ? align : 0;
          store(items, kk, l);
        } else {
          b.create(Opcode::ArrayStore, ctx.none(),
                   {array, i, b.cast(load(items, kk), arrayType->dtype())})
              ->intImm = align > bytes ? align : 0;
        }
      }
    });
    ifThen(b.unary(Opcode::Not, fast), direct);
    return RValue{ctx.none(), nullptr, {}};
  }

  Value *keys = first, *temp = second;
  Value *values = e.args.size() == 4 ? gen(*e.args[2]).value : nullptr;
  if (values && !inSpace(2, values, 3, "the values are each thread's, in a cuda.local.array, "
                                       "not a cuda.shared.array"))
    return RValue{ctx.none(), nullptr, {}};
  Value *valuesTemp = values ? gen(*e.args[3]).value : nullptr;
  Type *keyType = cast<ArrayType>(keys->type())->dtype();
  auto *kt = dyn_cast<IntType>(keyType);
  unsigned bits = kt ? kt->bits() : cast<FloatType>(keyType)->bits();
  Type *u = ctx.intTy(bits, false);
  bool descending = name.ends_with("_descending");
  Value *signBit = b.constInt(u, static_cast<int64_t>(uint64_t(1) << (bits - 1)));
  // The key's bits in an order that sorts as unsigned: the sign bit flipped
  // for signed integers; for floats the sign bit flipped on positives and
  // every bit on negatives (IEEE order; -0.0 before 0.0, NaNs at the ends);
  // all bits flipped for a descending sort.
  auto ordered = [&](Value *key) {
    Value *v;
    if (kt) {
      v = b.cast(key, u);
      if (kt->isSigned())
        v = b.binary(Opcode::BitXor, v, signBit);
    } else {
      v = b.create(Opcode::Bitcast, u, {key});
      Value *negative = b.cmp(CmpPredicate::Ne, b.binary(Opcode::BitAnd, v, signBit),
                              b.constInt(u, 0));
      v = b.binary(Opcode::BitXor, v, b.select(negative, b.constInt(u, -1), signBit));
    }
    return descending ? b.unary(Opcode::Invert, v) : v;
  };
  Value *count = b.arrayShape(keys, 0);
  Value *tempSize = b.arrayShape(temp, 0);
  if (values) // the smaller of the two storages bounds both
    tempSize = b.binary(Opcode::Min, tempSize, b.arrayShape(valuesTemp, 0));
  int64_t keysExtent = constantExtent(keys, e);
  // Values: one per key. Constant extents that differ are a compile error;
  // otherwise a shorter values array bounds the loop (docs/coop.md).
  if (values) {
    int64_t nk = keysExtent, nv = constantExtent(values, e);
    if (nk >= 0 && nv >= 0 && nk != nv) {
      diags.error(e.args[2]->range(), "radix_sort() moves one value per key: " + llvm::Twine(nk) +
                                          " keys but " + llvm::Twine(nv) + " values per thread");
      return RValue{ctx.none(), nullptr, {}};
    }
    count = b.binary(Opcode::Min, count, b.arrayShape(values, 0));
  }
  // Fits in the temporary storage: an index outside it (temp too small, or
  // the sort reached by part of the block) is skipped, never written.
  auto inTemp = [&](Value *dest) {
    return b.binary(Opcode::BitAnd, b.cmp(CmpPredicate::Ge, dest, b.constInt(i64, 0)),
                    b.cmp(CmpPredicate::Lt, dest, tempSize));
  };
  auto gatherBack = [&] {
    barrier();
    forRange(count, [&](Value *k) {
      Value *mine = b.binary(Opcode::Add, b.binary(Opcode::Mul, tid, count), k);
      ifThen(b.cmp(CmpPredicate::Lt, mine, tempSize), [&] {
        store(keys, k, load(temp, mine));
        if (values)
          store(values, k, load(valuesTemp, mine));
      });
    });
    barrier();
  };
  auto scatter = [&](Value *dest, Value *key, Value *k) {
    ifThen(inTemp(dest), [&] {
      store(temp, dest, key);
      if (values)
        store(valuesTemp, dest, load(values, k));
    });
  };

  // Two key bits per pass (the ranking of CUB's BlockRadixRank, after
  // Merrill & Grimshaw, "High Performance and Scalable Radix Sorting",
  // 2011): each thread counts its keys' four digits in 16-bit counters packed
  // in one int64, and one block-wide exclusive sum of that word gives every
  // digit's count in the threads before. A 16-bit counter holds any count of
  // a tile of at most 65536 items, which the static bound below proves; a
  // digit's total can only wrap when the whole tile has that digit, and then
  // no item reads the starts it feeds. Two bits measured fastest on the H200
  // for 2048-key tiles: 0.86 ms for 2^24 keys, against 1.34 ms with 3 or 4
  // bits per pass (two or four packed words, a block-wide sum each) and
  // 1.24 ms at one bit.
  constexpr unsigned kRadixBits = 2;
  int64_t extent = keysExtent;
  if (extent >= 1 && extent * int64_t(maxThreadsPerBlock) <= 65536) {
    unsigned passes = (bits + kRadixBits - 1) / kRadixBits;
    auto c64 = [&](int64_t v) { return b.constInt(i64, v); };
    std::string counts = "$coop.rank" + std::to_string(tempId++);
    std::string running = counts + ".run";
    // Bits 16*d .. 16*d+15 of a packed word: digit d's counter.
    auto counterOf = [&](Value *packed, Value *d) {
      Value *shift = b.binary(Opcode::Mul, d, c64(16));
      return b.binary(Opcode::BitAnd, b.binary(Opcode::Shr, packed, shift), c64(0xffff));
    };
    auto countOne = [&](const std::string &var, Value *d) {
      Value *one = b.binary(Opcode::Shl, c64(1), b.binary(Opcode::Mul, d, c64(16)));
      writeVar(var, i64, RValue::of(b.binary(Opcode::Add, readVar(var, i64).value, one)));
    };
    forRange(c64(passes), [&](Value *pass) {
      Value *shift = b.cast(b.binary(Opcode::Mul, pass, c64(kRadixBits)), u);
      auto digitOf = [&](Value *key) {
        return b.cast(b.binary(Opcode::BitAnd, b.binary(Opcode::Shr, ordered(key), shift),
                               b.constInt(u, (1 << kRadixBits) - 1)),
                      i64);
      };
      writeVar(counts, i64, RValue::of(c64(0)));
      forRange(count, [&](Value *k) { countOne(counts, digitOf(load(keys, k))); });
      // The counts of the threads before this one, the block's totals, and
      // each digit's start: the totals of the lower digits, by one multiply.
      Instruction *before = b.create(Opcode::Coop, i64, {readVar(counts, i64).value});
      before->intImm = CoopCall{CoopFn::ExclusiveScan, CoopOp::Add, true}.encode();
      Value *total = b.create(Opcode::CoopAggregate, i64, {before});
      Value *starts = b.binary(Opcode::Mul, total, c64(0x0001000100010000LL));
      writeVar(running, i64, RValue::of(before)); // then this thread's keys so far
      forRange(count, [&](Value *k) {
        Value *key = load(keys, k);
        Value *d = digitOf(key);
        Value *dest = b.binary(Opcode::Add, counterOf(starts, d),
                               counterOf(readVar(running, i64).value, d));
        scatter(dest, key, k);
        countOne(running, d);
      });
      gatherBack();
    });
    return RValue{ctx.none(), nullptr, {}};
  }

  // Otherwise one bit per pass, with int64 counts.
  std::string zerosVar = "$coop.zeros" + std::to_string(tempId++);
  forRange(b.constInt(i64, bits), [&](Value *bit) {
    Value *shift = b.cast(bit, u);
    auto bitOf = [&](Value *key) {
      return b.binary(Opcode::BitAnd, b.binary(Opcode::Shr, ordered(key), shift),
                      b.constInt(u, 1));
    };
    // This thread's keys with the bit clear, then everyone's before it.
    writeVar(zerosVar, i64, RValue::of(b.constInt(i64, 0)));
    forRange(count, [&](Value *k) {
      Value *zero = b.cast(b.cmp(CmpPredicate::Eq, bitOf(load(keys, k)), b.constInt(u, 0)), i64);
      writeVar(zerosVar, i64,
               RValue::of(b.binary(Opcode::Add, readVar(zerosVar, i64).value, zero)));
    });
    Instruction *scan = b.create(Opcode::Coop, i64, {readVar(zerosVar, i64).value});
    scan->intImm = CoopCall{CoopFn::ExclusiveScan, CoopOp::Add, true}.encode();
    Value *totalZeros = b.create(Opcode::CoopAggregate, i64, {scan});
    writeVar(zerosVar, i64, RValue::of(b.constInt(i64, 0))); // zeros seen so far
    forRange(count, [&](Value *k) {
      Value *key = load(keys, k);
      Value *isZero = b.cmp(CmpPredicate::Eq, bitOf(key), b.constInt(u, 0));
      Value *seen = readVar(zerosVar, i64).value;
      Value *zerosBefore = b.binary(Opcode::Add, scan, seen);
      Value *element = b.binary(Opcode::Add, b.binary(Opcode::Mul, tid, count), k);
      Value *dest = b.select(isZero, zerosBefore,
                             b.binary(Opcode::Add, totalZeros,
                                      b.binary(Opcode::Sub, element, zerosBefore)));
      scatter(dest, key, k);
      writeVar(zerosVar, i64,
               RValue::of(b.binary(Opcode::Add, seen, b.cast(isZero, i64))));
    });
    gatherBack();
  });
  return RValue{ctx.none(), nullptr, {}};
}

} // namespace pyjit::ir::detail
