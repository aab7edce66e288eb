//===- TypeRules.cpp - Promotion rules for operators and variables -------===//
#include "pyjit/ir/TypeRules.h"

#include <numeric>
#include <algorithm>

using namespace pyjit::ir;
using pyjit::ast::BinaryOp;
using llvm::dyn_cast;
using llvm::isa;

// Kind rank: bool < int < float < complex.
static int kindRank(Type *t) {
  if (isa<BoolType>(t))
    return 0;
  if (isa<IntType>(t))
    return 1;
  if (isa<FloatType>(t))
    return 2;
  return 3;
}

// The float width that holds every value of a real type exactly (NumPy):
// the float's own, int8/bool -> 16, int16 -> 32, wider ints -> 64.
static unsigned floatBitsFor(Type *t) {
  if (auto *f = dyn_cast<FloatType>(t))
    return f->bits();
  if (auto *c = dyn_cast<ComplexType>(t))
    return c->partBits();
  unsigned intBits = 1;
  if (auto *it = dyn_cast<IntType>(t))
    intBits = it->bits();
  return intBits <= 8 ? 16 : intBits <= 16 ? 32 : 64;
}

/// \p t, or int64 for an IntEnum member's type (IntType::isIntEnum).
static Type *plainInt(TypeContext &ctx, Type *t) {
  auto *it = dyn_cast<IntType>(t);
  return it && it->isIntEnum() ? ctx.int64() : t;
}

static Type *promoteStrong(TypeContext &ctx, Type *a, Type *b) {
  if (a == b)
    return a;
  // An IntEnum member with anything else is its int (numba's IntEnumMember
  // converts to int64).
  a = plainInt(ctx, a);
  b = plainInt(ctx, b);
  if (a == b)
    return a;
  if (isa<ComplexType>(a) || isa<ComplexType>(b)) {
    // NumPy: the complex whose parts hold both operands (no complex32).
    unsigned part = std::max({floatBitsFor(a), floatBitsFor(b), 32u});
    return ctx.complexTy(2 * part);
  }
  auto *fa = dyn_cast<FloatType>(a);
  auto *fb = dyn_cast<FloatType>(b);
  if (fa && fb) {
    if (fa->bits() == fb->bits()) // float16 with bfloat16: float32 holds both
      return ctx.float32();
    return fa->bits() > fb->bits() ? a : b;
  }
  if (fa || fb) {
    FloatType *f = fa ? fa : fb;
    Type *other = fa ? b : a;
    // bfloat16 as float16 (numba-cuda's typing): with an int16 or wider
    // float32/float64, with an int8 or a bool itself.
    if (f->isBFloat16() && !isa<IntType>(other))
      return f;
    if (f->isBFloat16() && llvm::cast<IntType>(other)->bits() <= 8)
      return f;
    // NumPy: the smallest float that holds every value of the int exactly
    // (int8 -> float16, int16 -> float32, wider -> float64), and at least
    // the float at hand.
    unsigned intBits = 1;
    if (auto *it = dyn_cast<IntType>(other))
      intBits = it->bits();
    unsigned needed = intBits <= 8 ? 16 : intBits <= 16 ? 32 : 64;
    return ctx.floatTy(std::max(needed, f->bits()));
  }
  auto *ia = dyn_cast<IntType>(a);
  auto *ib = dyn_cast<IntType>(b);
  if (!ia && !ib)
    return ctx.boolean(); // bool with bool
  if (!ia)
    return b;
  if (!ib)
    return a;
  if (ia->isSigned() == ib->isSigned())
    return ia->bits() >= ib->bits() ? a : b;
  IntType *s = ia->isSigned() ? ia : ib;
  IntType *u = ia->isSigned() ? ib : ia;
  if (s->bits() > u->bits())
    return s;
  if (u->bits() < 64)
    return ctx.intTy(std::min(64u, u->bits() * 2), true);
  return ctx.float64(); // uint64 with a signed int (NumPy)
}

bool pyjit::ir::fitsIn(int64_t v, const IntType *t) {
  if (t->bits() >= 64)
    return t->isSigned() || v >= 0;
  int64_t span = int64_t(1) << t->bits();
  return t->isSigned() ? v >= -span / 2 && v < span / 2 : v >= 0 && v < span;
}

/// A plain enum member's type (IntType::isEnum), else null.
static const IntType *enumOf(const Type *t) {
  auto *it = llvm::dyn_cast_or_null<IntType>(t);
  return it && it->isEnum() ? it : nullptr;
}

Type *pyjit::ir::promoteOperands(TypeContext &ctx, TypedOperand lhs, TypedOperand rhs) {
  if (!lhs.type || !rhs.type || !lhs.type->isScalar() || !rhs.type->isScalar())
    return nullptr;
  if (enumOf(lhs.type) || enumOf(rhs.type)) // members of one enum class meet only each other
    return lhs.type == rhs.type ? lhs.type : nullptr;
  if (lhs.weak && rhs.weak)
    return kindRank(lhs.type) >= kindRank(rhs.type) ? lhs.type : rhs.type;
  if (lhs.weak != rhs.weak) {
    TypedOperand strong = lhs.weak ? rhs : lhs;
    TypedOperand weak = lhs.weak ? lhs : rhs;
    // A Python int outside an integer's range (u8 < 256, u8 == -1,
    // i32 < 2**31): compare in int64, as numba does (NumPy 2 compares these
    // correctly too), and in float64 next to uint64.
    if (auto *s = dyn_cast<IntType>(strong.type); s && isa<IntType>(weak.type)) {
      bool fits = weak.intValue ? fitsIn(*weak.intValue, s) : !weak.negative || s->isSigned();
      if (!fits)
        return s->bits() == 64 && !s->isSigned() ? static_cast<Type *>(ctx.float64())
                                                 : ctx.int64();
    }
    if (kindRank(strong.type) >= kindRank(weak.type))
      return strong.type;
    // A weak complex takes a float's precision (float32 * 1j is complex64).
    if (isa<ComplexType>(weak.type) && isa<FloatType>(strong.type))
      return ctx.complexTy(2 * std::max(32u, llvm::cast<FloatType>(strong.type)->bits()));
    // A weak float with an int or bool, a weak int with a bool, a weak
    // complex with an int: the weak kind at its default width.
    return weak.type;
  }
  return promoteStrong(ctx, lhs.type, rhs.type);
}

static Type *widenInt(TypeContext &ctx, Type *t) {
  // numba (choose_result_int): integer arithmetic has at least 64 bits and
  // is unsigned only if every operand is; bool arithmetic gives int64.
  if (isa<BoolType>(t))
    return ctx.int64();
  t = plainInt(ctx, t); // IntEnum arithmetic gives an int (numba's, Python's)
  if (auto *it = dyn_cast<IntType>(t))
    if (it->bits() < 64)
      return ctx.intTy(64, it->isSigned());
  return t;
}

Type *pyjit::ir::unaryResultType(TypeContext &ctx, Type *operand, bool invert) {
  if (enumOf(operand))
    return nullptr;
  if (invert && isa<BoolType>(operand))
    return operand; // ~True is False (numba's and NumPy's bool loop)
  return isa<FloatType, ComplexType>(operand) ? operand : widenInt(ctx, operand);
}

/// numba's integer typing of `lhs op rhs` with integer or bool operands
/// (numba/core/typing/builtins.py: integer_binop_cases, choose_result_int,
/// BitwiseShiftOperation): 64 bits, unsigned only if both operands are
/// unsigned integers (a Python int counts as int64 and a bool as signed, as
/// numba's overload resolution picks the int64 loop for them); shifts take
/// the left operand's signedness. Null when an operand is not an integer or
/// a bool, or both are bools.
static Type *integerResultType(TypeContext &ctx, BinaryOp op, TypedOperand lhs,
                               TypedOperand rhs) {
  auto intLike = [](const TypedOperand &o) {
    return (isa<BoolType>(o.type) || isa<IntType>(o.type)) && !enumOf(o.type);
  };
  if (!intLike(lhs) || !intLike(rhs) || (isa<BoolType>(lhs.type) && isa<BoolType>(rhs.type)))
    return nullptr;
  auto isUnsigned = [](const TypedOperand &o) {
    auto *it = dyn_cast<IntType>(o.type);
    return it && !it->isSigned() && !o.weak;
  };
  if (op == BinaryOp::Shl || op == BinaryOp::Shr)
    return ctx.intTy(64, !isUnsigned(lhs));
  return ctx.intTy(64, !isUnsigned(lhs) || !isUnsigned(rhs));
}

Type *pyjit::ir::binaryResultType(TypeContext &ctx, BinaryOp op, TypedOperand lhs,
                                  TypedOperand rhs) {
  if (op != BinaryOp::TrueDiv && op != BinaryOp::MatMul)
    if (Type *t = integerResultType(ctx, op, lhs, rhs))
      return t;
  // numba's BinOpPower: float32 ** an integer stays float32 ("Ensure that
  // float32 ** int doesn't go through DP computations").
  if (op == BinaryOp::Pow && lhs.type == ctx.float32() && !lhs.weak && !rhs.weak &&
      isa<IntType, BoolType>(rhs.type) && !enumOf(rhs.type))
    return lhs.type;
  Type *common = promoteOperands(ctx, lhs, rhs);
  if (!common || enumOf(common)) // enum members have no arithmetic
    return nullptr;
  if (isa<ComplexType>(common)) {
    switch (op) {
    case BinaryOp::Add: case BinaryOp::Sub: case BinaryOp::Mul: case BinaryOp::TrueDiv:
    case BinaryOp::Pow:
      return common;
    default:
      return nullptr; // //, %, bit operations: not for complex numbers (Python)
    }
  }
  switch (op) {
  case BinaryOp::TrueDiv:
    return isa<FloatType>(common) ? common : ctx.float64();
  case BinaryOp::Add: case BinaryOp::Sub: case BinaryOp::Mul:
  case BinaryOp::FloorDiv: case BinaryOp::Mod: case BinaryOp::Pow:
    return widenInt(ctx, common);
  case BinaryOp::BitAnd: case BinaryOp::BitOr: case BinaryOp::BitXor:
    if (isa<FloatType>(common))
      return nullptr;
    return isa<BoolType>(common) ? common : widenInt(ctx, common);
  case BinaryOp::Shl: case BinaryOp::Shr:
    if (isa<FloatType>(common))
      return nullptr;
    return widenInt(ctx, common);
  case BinaryOp::MatMul:
    return nullptr;
  }
  return nullptr;
}

uint64_t pyjit::ir::elementBytes(const Type *t) {
  if (auto *it = dyn_cast<IntType>(t))
    return it->bits() / 8;
  if (auto *ft = dyn_cast<FloatType>(t))
    return ft->bits() / 8;
  if (auto *ct = dyn_cast<ComplexType>(t))
    return ct->bits() / 8;
  if (auto *rt = dyn_cast<RecordType>(t))
    return rt->size();
  if (auto *cs = dyn_cast<CharSeqType>(t))
    return uint64_t(cs->count()) * cs->charBytes();
  return 1;
}

uint64_t pyjit::ir::placementAlignment(uint64_t size, uint64_t offset) {
  uint64_t known = std::gcd(size, offset ? offset : size);
  return known & (~known + 1);
}

Type *pyjit::ir::firstAxisElement(TypeContext &ctx, ArrayType *at) {
  if (at->ndim() > 1)
    return ctx.array(at->dtype(), at->ndim() - 1,
                     at->layout() == Layout::C ? Layout::C : Layout::A, at->readonly());
  if (auto *rt = dyn_cast<RecordType>(at->dtype()); rt && at->readonly())
    return ctx.readonlyRecord(rt);
  return at->dtype();
}

Type *pyjit::ir::unifyTypes(TypeContext &ctx, Type *a, Type *b) {
  if (!a)
    return b;
  if (!b || a == b)
    return a;
  if (enumOf(a) || enumOf(b))
    return nullptr;
  if (isTextType(a) && isTextType(b)) // a str constant and a string known at run time
    return ctx.builtin("str.runtime");
  // A number (or bool) or an array, and None: numba's Optional of it.
  auto optionalPart = [](Type *t) -> Type * {
    if (auto *ot = dyn_cast<OptionalType>(t))
      return ot->inner();
    return t->isScalar() || isa<ArrayType>(t) ? t : nullptr;
  };
  if (isa<OptionalType>(a) || isa<OptionalType>(b) || isa<NoneType>(a) || isa<NoneType>(b)) {
    Type *pa = isa<NoneType>(a) ? nullptr : optionalPart(a);
    Type *pb = isa<NoneType>(b) ? nullptr : optionalPart(b);
    if ((!pa && !isa<NoneType>(a)) || (!pb && !isa<NoneType>(b)))
      return nullptr; // None (or an Optional) and a tuple, a record, ...
    Type *inner = pa && pb ? (pa->isScalar() && pb->isScalar() ? promoteStrong(ctx, pa, pb)
                                                               : unifyTypes(ctx, pa, pb))
                  : pa ? pa : pb;
    return inner && (inner->isScalar() || isa<ArrayType>(inner))
               ? ctx.optional(inner)
               : nullptr;
  }
  if (a->isScalar() && b->isScalar())
    return promoteStrong(ctx, a, b);
  auto *aa = dyn_cast<ArrayType>(a);
  auto *ab = dyn_cast<ArrayType>(b);
  if (aa && ab && (aa->isPointer() || ab->isPointer())) // pointers only with pointers
    return aa == ab ? aa : nullptr;
  if (aa && ab && aa->dtype() == ab->dtype() && aa->ndim() == ab->ndim())
    // numba: arrays of other layouts unify to any layout (A), and a
    // read-only one makes the variable read-only.
    return ctx.array(aa->dtype(), aa->ndim(),
                     aa->layout() == ab->layout() ? aa->layout() : Layout::A,
                     aa->readonly() || ab->readonly());
  auto *ra = dyn_cast<RecordType>(a);
  auto *rb = dyn_cast<RecordType>(b);
  if (ra && rb && ra->writable() == rb->writable()) // one read-only: read-only
    return ra->readonly() ? ra : rb;
  auto *ta = dyn_cast<TupleType>(a);
  auto *tb = dyn_cast<TupleType>(b);
  if (ta && tb && ta->size() == tb->size()) {
    std::vector<Type *> elems;
    for (size_t i = 0; i < ta->size(); ++i) {
      Type *u = unifyTypes(ctx, ta->elements()[i], tb->elements()[i]);
      if (!u)
        return nullptr;
      elems.push_back(u);
    }
    return ctx.tuple(elems);
  }
  return nullptr;
}

std::optional<Conversion> pyjit::ir::conversionTo(Type *want, Type *given) {
  if (want == given)
    return Conversion::Exact;
  if (auto *wo = dyn_cast<OptionalType>(want)) { // optional(T): None, T or an Optional
    if (isa<NoneType>(given))
      return Conversion::Safe;
    auto *go = dyn_cast<OptionalType>(given);
    std::optional<Conversion> c = conversionTo(wo->inner(), go ? go->inner() : given);
    if (!c)
      return std::nullopt;
    return std::max(*c, go ? *c : Conversion::Safe);
  }
  if (auto *go = dyn_cast<OptionalType>(given); go && want->isScalar())
    return conversionTo(want, go->inner()); // as its number (None: numba's TypeError)
  auto *wa = dyn_cast<ArrayType>(want), *ga = dyn_cast<ArrayType>(given);
  if (wa || ga) {
    if (!wa || !ga || wa->dtype() != ga->dtype() || wa->ndim() != ga->ndim() ||
        (ga->readonly() && !wa->readonly()) || wa->isPointer() != ga->isPointer())
      return std::nullopt;
    if (wa->layout() != Layout::A && wa->layout() != ga->layout())
      return std::nullopt;
    return Conversion::Safe; // as layout A, or as read-only
  }
  auto *wt = dyn_cast<TupleType>(want), *gt = dyn_cast<TupleType>(given);
  if (wt && gt) {
    // Element by element (numba converts (3, 4) to UniTuple(int32, 2)), rated
    // as the worst element; named tuples only as the same class.
    if (wt->size() != gt->size() || wt->isNamed() != gt->isNamed() ||
        (wt->isNamed() && (wt->className() != gt->className() || wt->names() != gt->names())))
      return std::nullopt;
    Conversion worst = Conversion::Exact;
    for (size_t i = 0; i < wt->size(); ++i) {
      std::optional<Conversion> c = conversionTo(wt->elements()[i], gt->elements()[i]);
      if (!c)
        return std::nullopt;
      worst = std::max(worst, *c);
    }
    return worst;
  }
  if (!want->isScalar() || !given->isScalar() || wt || gt)
    return std::nullopt;
  // (kind, bits) as numba's type ranks: b(ool), i(nt), u(nsigned), f(loat), c(omplex).
  auto kindOf = [](Type *t) -> std::pair<char, unsigned> {
    if (isa<BoolType>(t))
      return {'b', 8};
    if (auto *it = dyn_cast<IntType>(t))
      return {it->isSigned() ? 'i' : 'u', it->bits()};
    if (auto *ft = dyn_cast<FloatType>(t))
      return {'f', ft->bits()};
    if (auto *ct = dyn_cast<ComplexType>(t))
      return {'c', ct->bits()};
    return {0, 0};
  };
  auto isEnum = [](Type *t) {
    auto *it = dyn_cast<IntType>(t);
    return it && it->isEnum();
  };
  if (isEnum(want) || isEnum(given)) // an Enum member passes only as itself
    return std::nullopt;
  // An IntEnum member is wanted only as itself (numba: neither an int nor
  // another class's member converts to IntEnumMember); it gives its int.
  if (auto *wi = dyn_cast<IntType>(want); wi && wi->isIntEnum())
    return std::nullopt;
  auto [wk, wb] = kindOf(want);
  auto [gk, gb] = kindOf(given);
  if (!wk || !gk || (gk == 'c' && wk != 'c'))
    return std::nullopt;
  if (gk == wk && gb <= wb)
    return Conversion::Promote;
  // An integer converts safely to a float64 (and complex128), to a float32
  // (and complex64) from int8, uint8 and int16, and to a float16 from int8
  // (numba.cuda.typeconv's rules: int16 -> float32 is safe, uint16 ->
  // float32 and int32 -> complex64 are not).
  unsigned parts = wk == 'c' ? wb / 2 : wb; // a complex number's float parts
  bool intToFloat = (gk == 'i' || gk == 'u') && (wk == 'f' || wk == 'c') &&
                    (parts >= 64 || (parts == 32 && (gb <= 8 || (gk == 'i' && gb == 16))) ||
                     (parts == 16 && gk == 'i' && gb == 8));
  bool safe = gk == 'b' || intToFloat ||
              (gk == 'u' && wk == 'i' && wb > gb) || (gk == 'f' && wk == 'c' && wb >= 2 * gb);
  return safe ? Conversion::Safe : Conversion::Unsafe;
}
