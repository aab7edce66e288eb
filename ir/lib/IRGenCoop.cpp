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

using namespace pyjit;
using namespace pyjit::ir;

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
RValue IRGen::coopWarpSort(const CallExpr &e) {
  Type *t = info(e).type;
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
      for (Value *p : px) {
        Instruction *s = b.create(Opcode::Cuda, p->type(), {full, p, k32(j)});
        s->intImm = static_cast<int64_t>(CudaFn::ShflXorSync);
        py.push_back(s);
      }
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
                               : b.cmp(CmpPredicate::Lt, c.value, a.value);
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
  if (name == "sum" || name == "min" || name == "max" || name == "reduce") {
    for (int offset = 16; offset > 0; offset >>= 1)
      x = apply(x, shfl(CudaFn::ShflXorSync, x, b.constInt(ctx.int32(), offset)));
    return RValue::of(x);
  }
  Value *lane = b.cast(b.sreg(SpecialReg::LaneId), ctx.int32());
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
    for (Value *p : parts(v)) {
      Instruction *s = b.create(Opcode::Cuda, p->type(), {mask, p, arg});
      s->intImm = static_cast<int64_t>(fnc);
      out.push_back(s);
    }
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

// Shared storage for a tile of `items` (a cuda.local.array of constant
// extent ITEMS): room for the most threads a block of this kernel can have
// (its launch_bounds, else 1024) times ITEMS, within the 48 KiB of static
// shared memory. Null after reporting an error.
Value *IRGen::coopTileStorage(Value *items, const CallExpr &e) {
  auto *alloc = dyn_cast<Instruction>(items);
  int64_t extent = -1;
  if (alloc && alloc->opcode() == Opcode::AllocArray && alloc->numOperands() == 1)
    if (auto *c = dyn_cast<Instruction>(alloc->operand(0)); c && c->opcode() == Opcode::ConstInt)
      extent = c->intImm;
  if (extent < 1) {
    diags.error(e.args[0]->range(),
                "the compiler sizes this primitive's shared storage from a cuda.local.array of "
                "constant size; for other item arrays give the storage as the second argument");
    return nullptr;
  }
  Type *dtype = cast<ArrayType>(items->type())->dtype();
  int64_t itemBytes = 1;
  if (auto *it = dyn_cast<IntType>(dtype))
    itemBytes = it->bits() / 8;
  else if (auto *ft = dyn_cast<FloatType>(dtype))
    itemBytes = ft->bits() / 8;
  else if (auto *ct = dyn_cast<ComplexType>(dtype))
    itemBytes = ct->bits() / 8;
  int64_t elements = extent * maxThreadsPerBlock;
  if (elements * itemBytes > 48 * 1024) {
    diags.error(e.range(), "this tile needs " + llvm::Twine(elements * itemBytes) +
                               " bytes of shared memory (" + llvm::Twine(maxThreadsPerBlock) +
                               " threads x " + llvm::Twine(extent) +
                               " items), more than 48 KiB: bound the block with launch_bounds, "
                               "or give a smaller shared array as the second argument");
    return nullptr;
  }
  Instruction *storage = b.create(Opcode::AllocArray, ctx.array(dtype, 1, Layout::C),
                                  {b.constInt(ctx.int64(), elements)});
  storage->intImm = 3; // shared
  return storage;
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

void IRGen::forRange(Value *count, const std::function<void(Value *)> &body) {
  std::string var = "$coop.k" + std::to_string(tempId++);
  Type *i64 = ctx.int64();
  writeVar(var, i64, RValue::of(b.constInt(i64, 0)));
  BasicBlock *header = fn->createBlock(), *loop = fn->createBlock(), *exit = fn->createBlock();
  b.br(header);
  enter(header);
  Value *k = readVar(var, i64).value;
  b.condBr(b.cmp(CmpPredicate::Lt, k, count), loop, exit);
  ssa.sealBlock(loop);
  enter(loop);
  body(k);
  writeVar(var, i64, RValue::of(b.binary(Opcode::Add, k, b.constInt(i64, 1))));
  jumpTo(header);
  ssa.sealBlock(header);
  ssa.sealBlock(exit);
  enter(exit);
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
  Value *second = e.args.size() > 1 ? gen(*e.args[1]).value : coopTileStorage(first, e);
  if (!second)
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
    forRange(count, [&](Value *k) {
      Value *offset = striped ? b.binary(Opcode::Add, b.binary(Opcode::Mul, k, n), tid)
                              : b.binary(Opcode::Add, b.binary(Opcode::Mul, tid, count), k);
      Value *i = b.binary(Opcode::Add, start, offset);
      Value *inside = b.binary(Opcode::BitAnd,
                               b.cmp(CmpPredicate::Ge, i, b.constInt(i64, 0)),
                               b.cmp(CmpPredicate::Lt, i, size));
      ifThen(inside, [&] {
        if (isLoad)
          store(items, k, load(array, i));
        else
          store(array, i, load(items, k));
      });
      if (fallback)
        ifThen(b.unary(Opcode::Not, inside), [&] { store(items, k, fallback); });
    });
    return RValue{ctx.none(), nullptr, {}};
  }

  Value *keys = first, *temp = second;
  Value *values = e.args.size() == 4 ? gen(*e.args[2]).value : nullptr;
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
  // Values: as many as keys (a shorter values array bounds the loop).
  if (values)
    count = b.binary(Opcode::Min, count, b.arrayShape(values, 0));
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
      // temp is the caller's: an index outside it (temp too small, or the
      // sort reached by part of the block) is skipped, never written.
      ifThen(b.binary(Opcode::BitAnd, b.cmp(CmpPredicate::Ge, dest, b.constInt(i64, 0)),
                      b.cmp(CmpPredicate::Lt, dest, tempSize)),
             [&] {
               store(temp, dest, key);
               if (values)
                 store(valuesTemp, dest, load(values, k));
             });
      writeVar(zerosVar, i64,
               RValue::of(b.binary(Opcode::Add, seen, b.cast(isZero, i64))));
    });
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
  });
  return RValue{ctx.none(), nullptr, {}};
}

} // namespace pyjit::ir::detail
