//===- TypeRules.h - Promotion rules for operators and variables ---------===//
//
// The rules follow numba.cuda, with NumPy 2's NEP 50 for Python scalars:
//  * a "weak" operand is a Python int/float literal or global constant; it
//    takes the other operand's type when that is of the same or a higher
//    kind (float32 * 2.0 -> float32, float32 * 2 -> float32);
//  * integer arithmetic computes in 64 bits, unsigned only if every operand
//    is; a Python int counts as int64 there (numba's choose_result_int, where
//    a literal is int64: uint8 - 1 is int64 -1); shifts take the left
//    operand's signedness (numba);
//  * a comparison of an integer with a Python int outside its range
//    compares in int64 (u8 < 256 holds), next to uint64 in float64;
//  * int with float gives the smallest float holding every value of the int
//    exactly, and at least the float (NumPy's promotion table);
//  * `/` on integers gives float64; `**` on integers gives int64.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_TYPERULES_H
#define PYJIT_IR_TYPERULES_H

#include "pyjit/frontend/AST.h"
#include "pyjit/ir/TypeContext.h"
#include <optional>

namespace pyjit::ir {

/// A string variable that different string constants reach on different
/// paths (`kind = "t"` / `kind = "l"`): one of those strings, known at run
/// time. It is compared with == and != and tested for truth; IRGen holds it
/// as an int32, the string's index among the kernel's strings (0: "").
inline bool isRuntimeStr(Type *t) {
  auto *bt = llvm::dyn_cast_or_null<BuiltinType>(t);
  return bt && bt->path() == "str.runtime";
}

/// The type of a string: a compile-time str constant, one known at run
/// time (isRuntimeStr), and with \p bytes also a bytes literal's.
inline bool isTextType(Type *t, bool bytes = false) {
  auto *bt = llvm::dyn_cast_or_null<BuiltinType>(t);
  return bt && (bt->path() == "str" || bt->path() == "str.runtime" ||
                (bytes && bt->path() == "bytes"));
}


/// A typed operand: its type and whether it is a weak Python scalar.
struct TypedOperand {
  Type *type = nullptr;
  bool weak = false;
  bool negative = false;           // a weak constant below zero
  std::optional<int64_t> intValue; // a weak int constant's value
};

/// The common type two scalar operands are converted to before an
/// arithmetic or comparison operator; null if either is not a scalar.
Type *promoteOperands(TypeContext &ctx, TypedOperand lhs, TypedOperand rhs);

/// Whether \p v is a value of integer type \p t.
bool fitsIn(int64_t v, const IntType *t);

/// The result type of `lhs op rhs` (operands converted as promoteOperands
/// says, except TrueDiv/Pow adjustments); null if not defined.
Type *binaryResultType(TypeContext &ctx, ast::BinaryOp op, TypedOperand lhs, TypedOperand rhs);

/// The result type of unary `-`, `+`, `~` (\p invert) on a scalar: integers
/// widen to 64 bits as in binary arithmetic (numba; the operation itself is
/// done in the operand's width first), bool gives int64, except `~` of a
/// bool, a bool (logical not, as numba and NumPy have it); floats stay.
Type *unaryResultType(TypeContext &ctx, Type *operand, bool invert = false);

/// Bytes of one value of scalar or record type \p t in memory (a bool is one
/// byte, a record its size).
uint64_t elementBytes(const Type *t);

/// The alignment, in bytes, known of the address \p offset bytes into every
/// element of an array of \p size-byte records (element addresses are
/// multiples of the size's lowest set bit): the lowest set bit of
/// gcd(size, offset), or of the size at offset 0.
uint64_t placementAlignment(uint64_t size, uint64_t offset);

/// What `a[k]` of array \p at gives with one index (iterating or unpacking
/// it): its element (a read-only record for a read-only record array) when
/// 1-d, else its row, a view of the other dimensions, C when \p at is.
Type *firstAxisElement(TypeContext &ctx, ArrayType *at);

/// The type a variable gets when values of types `a` and `b` are both
/// assigned to it (numba's unification); null if they cannot unify.
Type *unifyTypes(TypeContext &ctx, Type *a, Type *b);

/// How an argument of type `given` passes to a parameter declared `want`,
/// as numba rates conversions when it chooses among signatures.
enum class Conversion {
  Exact,   ///< as it is
  Promote, ///< a wider type of its kind (int16 to int32, float32 to float64)
  Safe,    ///< no value lost otherwise: bool to a number, an integer to a
           ///< 64-bit float or complex (int8, uint8, int16 to float32 too),
           ///< unsigned to a wider signed integer,
           ///< float to a complex twice as wide, a C/F array as layout A
  Unsafe,  ///< narrowing, float to int, signed to unsigned
};
/// None where it does not pass at all (complex to a real type, a scalar
/// for an array, arrays of other dtypes or dimensions, a read-only array
/// for a writeable parameter, tuples of other lengths or of elements that do
/// not pass, Enum members unless of the same class). Tuples pass element by
/// element, rated as their worst element; numba's Optional passes as its
/// number to a number, and a number, None or an Optional to an Optional.
/// The Python dispatcher rates kernel signatures with this too
/// (_pyjit.conversion).
std::optional<Conversion> conversionTo(Type *want, Type *given);

} // namespace pyjit::ir

#endif
