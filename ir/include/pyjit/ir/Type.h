//===- Type.h - The type system of the kernel language -------------------===//
//
// Types are interned in a TypeContext and compared by pointer. Value types
// (scalars, arrays, tuples) exist at run time; namespace and builtin types
// are compile-time only (the `cuda` module, `cuda.threadIdx`, `math.sqrt`).
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_TYPE_H
#define PYJIT_IR_TYPE_H

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Casting.h"
#include <cstdint>
#include <string>
#include <vector>

namespace pyjit::ir {

class Type {
public:
  enum class Kind { None, Bool, Int, Float, Complex, Array, Tuple, Record, GridGroup, Namespace,
                    Builtin, Optional, Datetime, CharSeq, Range, Slice, FlatIter, Iter };
  virtual ~Type() = default;
  Kind kind() const { return typeKind; }

  /// numba's spelling: `float32`, `array(float32, 2d, C)`, `UniTuple(int64 x 2)`.
  std::string str() const;

  /// A number (bool, int, float or complex): what operators take.
  bool isScalar() const {
    return typeKind == Kind::Bool || typeKind == Kind::Int || typeKind == Kind::Float ||
           typeKind == Kind::Complex;
  }
  bool isNumeric() const { return isScalar(); }

protected:
  explicit Type(Kind k) : typeKind(k) {}

private:
  Kind typeKind;
};

/// The `None` type: the return type of kernels.
class NoneType : public Type {
public:
  NoneType() : Type(Kind::None) {}
  static bool classof(const Type *t) { return t->kind() == Kind::None; }
};

class BoolType : public Type {
public:
  BoolType() : Type(Kind::Bool) {}
  static bool classof(const Type *t) { return t->kind() == Kind::Bool; }
};

/// Fixed-width integers: int8..int64, uint8..uint64.
class IntType : public Type {
public:
  IntType(unsigned bits, bool isSigned, std::string enumClass = {}, bool enumOrdinal = false,
          bool intEnumMember = false)
      : Type(Kind::Int), width(bits), sign(isSigned), cls(std::move(enumClass)),
        ordinal(enumOrdinal), intEnum(intEnumMember) {}
  unsigned bits() const { return width; }
  bool isSigned() const { return sign; }
  /// The enum class of a member type: of a plain enum.Enum class (isEnum,
  /// numba's EnumMember: an integer at run time, equal only to members of
  /// its class, with no arithmetic) or of an enum.IntEnum class
  /// (isIntEnum). Empty for ordinary integers.
  llvm::StringRef enumClass() const { return cls; }
  bool isEnum() const { return !cls.empty() && !intEnum; }
  /// A member of an enum.IntEnum class (numba's IntEnumMember(cls, int64)):
  /// an int64 in every operation, whose class only `is` reads (members of
  /// two classes, or a member and an int, are never the same object).
  /// Arithmetic on it gives plain int64 (numba's), and so does any mix with
  /// another type (unifyTypes).
  bool isIntEnum() const { return intEnum; }
  /// A member of an Enum whose values are not all 64-bit ints (numba's
  /// EnumMember of tuples, floats, ...): the int is the member's position in
  /// its class, so members compare, and .value is not read in kernels.
  bool isOrdinalEnum() const { return ordinal; }
  static bool classof(const Type *t) { return t->kind() == Kind::Int; }

private:
  unsigned width;
  bool sign;
  std::string cls;
  bool ordinal;
  bool intEnum;
};

/// IEEE binary floats: float16, float32, float64.
/// float16, float32, float64 (IEEE 754 binary16/32/64) and bfloat16
/// (numba-cuda's bfloat16, ml_dtypes' and PyTorch's: float32's sign, 8-bit
/// exponent and top 7 fraction bits; LLVM's `bfloat`). bits() is the storage
/// width (16 for both 16-bit formats): code that ranks or sizes floats by
/// width must tell the two apart with isBFloat16().
class FloatType : public Type {
public:
  explicit FloatType(unsigned bits, bool brain = false)
      : Type(Kind::Float), width(bits), brain(brain) {}
  unsigned bits() const { return width; }
  bool isBFloat16() const { return brain; }
  /// Its format, for rounding constants to it (llvm::APFloat::convert).
  const llvm::fltSemantics &semantics() const {
    return brain ? llvm::APFloat::BFloat()
           : width == 16 ? llvm::APFloat::IEEEhalf()
           : width == 32 ? llvm::APFloat::IEEEsingle()
                         : llvm::APFloat::IEEEdouble();
  }
  static bool classof(const Type *t) { return t->kind() == Kind::Float; }

private:
  unsigned width;
  bool brain;
};

/// complex64 (two float32) and complex128 (two float64).
class ComplexType : public Type {
public:
  explicit ComplexType(unsigned bits) : Type(Kind::Complex), width(bits) {}
  unsigned bits() const { return width; }
  unsigned partBits() const { return width / 2; }
  static bool classof(const Type *t) { return t->kind() == Kind::Complex; }

private:
  unsigned width;
};

/// Memory layout of an array: C-contiguous (the last dimension's stride is
/// the item size), Fortran-contiguous (the first dimension's is), or Any
/// (every stride read from the array at run time).
/// NumPy's datetime64[unit] and timedelta64[unit] (numba's NPDatetime and
/// NPTimedelta): an int64 count of the unit at run time, -2^63 being NaT.
/// Not a number for operators: arithmetic is the calendar's (datetime -
/// datetime is a timedelta, ...), typed and lowered by its own rules
/// (ir/DatetimeRules.h). Units: Y M W D h m s ms us ns ps fs as.
class DatetimeType : public Type {
public:
  DatetimeType(bool timedelta, std::string unit)
      : Type(Kind::Datetime), delta(timedelta), unitName(std::move(unit)) {}
  bool isTimedelta() const { return delta; }
  llvm::StringRef unit() const { return unitName; }
  static bool classof(const Type *t) { return t->kind() == Kind::Datetime; }

private:
  bool delta;
  std::string unitName;
};

/// An item of a NumPy bytes or str array (dtype `S12`, `<U12`; numba's
/// CharSeq and UnicodeCharSeq): `count()` characters, uint8 bytes or uint32
/// code points, the unused ones at the end zero. A value (a[i] copies it);
/// stored into another it is cut or padded with zeros, as NumPy does; it
/// compares (==, !=) with its kind and with string constants, ignoring
/// trailing zeros; len() is the index after its last nonzero character.
class CharSeqType : public Type {
public:
  CharSeqType(unsigned count, bool unicode)
      : Type(Kind::CharSeq), chars(count), isUnicode(unicode) {}
  unsigned count() const { return chars; }
  bool unicode() const { return isUnicode; }
  /// Bytes of one character: 1 (S), 4 (U, UTF-32 as NumPy stores it).
  unsigned charBytes() const { return isUnicode ? 4 : 1; }
  static bool classof(const Type *t) { return t->kind() == Kind::CharSeq; }

private:
  unsigned chars;
  bool isUnicode;
};

enum class Layout { C, F, A };

/// An n-d array view (data pointer, shape, strides in bytes) of scalars.
/// A pointer (numba's CPointer(dtype)) is a 1-d C array of extent 0 that
/// is indexed without bounds (p[i] is the item i places on, p[-1] the one
/// before): it has no length, shape or slices, and carray/farray give it
/// an extent.
class ArrayType : public Type {
public:
  ArrayType(Type *dtype, unsigned ndim, Layout layout, bool readonly = false,
            bool pointer = false)
      : Type(Kind::Array), elem(dtype), rank(ndim), lay(layout), ro(readonly), ptr(pointer) {}
  Type *dtype() const { return elem; }
  unsigned ndim() const { return rank; }
  Layout layout() const { return lay; }
  /// Kernels may not write it: constant memory, or a non-writeable NumPy array.
  bool readonly() const { return ro; }
  /// numba's CPointer(dtype): see the class comment.
  bool isPointer() const { return ptr; }
  static bool classof(const Type *t) { return t->kind() == Kind::Array; }

private:
  Type *elem;
  unsigned rank;
  Layout lay;
  bool ro;
  bool ptr;
};

/// A tuple of values (e.g. `cuda.grid(2)`, `a.shape`).
/// A tuple; a named tuple (collections.namedtuple, typing.NamedTuple) also
/// has its class's name and its fields' names, read as attributes (`p.n`).
class TupleType : public Type {
public:
  explicit TupleType(std::vector<Type *> elems, std::string className = {},
                     std::vector<std::string> fieldNames = {})
      : Type(Kind::Tuple), elems(std::move(elems)), cls(std::move(className)),
        fieldNames(std::move(fieldNames)) {}
  llvm::ArrayRef<Type *> elements() const { return elems; }
  size_t size() const { return elems.size(); }
  /// A named tuple's class name; empty for a plain tuple.
  llvm::StringRef className() const { return cls; }
  llvm::ArrayRef<std::string> names() const { return fieldNames; }
  bool isNamed() const { return !cls.empty(); }
  static bool classof(const Type *t) { return t->kind() == Kind::Tuple; }

private:
  std::vector<Type *> elems;
  std::string cls;
  std::vector<std::string> fieldNames;
};

/// A NumPy structured dtype (a record): named scalar fields at byte offsets
/// within `size()` bytes. It is the dtype of record arrays; `a[i]` of one is
/// a reference to the element, read and written field by field (`a[i].x`,
/// `a[i]['x']`), and is not a value of its own. `aligned`: the dtype was
/// made with align=True (fields at their natural alignment).
class RecordType : public Type {
public:
  /// A field: a scalar, a nested record (type is a RecordType), or an
  /// array of scalars (numba's nestedarray: `shape` holds its extents, C
  /// order; type is the element's).
  struct Field {
    std::string name;
    Type *type;
    uint64_t offset;
    std::vector<uint64_t> shape = {};
    bool isArray() const { return !shape.empty(); }
  };
  RecordType(std::vector<Field> fields, uint64_t size, bool aligned)
      : Type(Kind::Record), members(std::move(fields)), bytes(size), isAligned(aligned) {}
  llvm::ArrayRef<Field> fields() const { return members; }
  uint64_t size() const { return bytes; }
  bool aligned() const { return isAligned; }
  const Field *field(llvm::StringRef name) const {
    for (const Field &f : members)
      if (f.name == name)
        return &f;
    return nullptr;
  }
  /// The scalar field (of type \p type) at byte \p offset, looked for in
  /// nested records too, with its dotted path in \p path; null if none.
  const Field *scalarAt(uint64_t offset, const Type *type, std::string *path = nullptr) const;
  /// An element of a read-only array (`r = ro[i]`): its fields cannot be
  /// written. writable() is the dtype itself (the array's), for both.
  bool readonly() const { return writableTwin != nullptr; }
  RecordType *writable() { return writableTwin ? writableTwin : this; }
  static bool classof(const Type *t) { return t->kind() == Kind::Record; }

private:
  friend class TypeContext;
  std::vector<Field> members;
  uint64_t bytes;
  bool isAligned;
  RecordType *writableTwin = nullptr; // set for the read-only variant
};

/// numba.cuda's GridGroup: what `cuda.cg.this_grid()` returns, a handle whose
/// one method, `sync()`, is a barrier for every thread of the grid. It is a
/// run-time value (locals and device-function arguments may hold it) with
/// no content: the grid it names is always the kernel's own.
class GridGroupType : public Type {
public:
  GridGroupType() : Type(Kind::GridGroup) {}
  static bool classof(const Type *t) { return t->kind() == Kind::GridGroup; }
};

/// A number (or bool) or an array, or None, known only at run time: numba's Optional, the
/// result of a device function that returns a value on some paths and None
/// on others, and a variable assigned both. At run time a flag (not None)
/// and the value; reading it as a number takes the value (IRGen: None there
/// stops the thread, or in debug mode raises TypeError, as numba's cast).
class OptionalType : public Type {
public:
  explicit OptionalType(Type *inner) : Type(Kind::Optional), innerTy(inner) {}
  Type *inner() const { return innerTy; }
  static bool classof(const Type *t) { return t->kind() == Kind::Optional; }

private:
  Type *innerTy;
};

/// A range object held as a value (`r = range(a, n, s)`; numba's
/// range_state64 and unsigned_range_state64): its start, stop and step, of
/// type element() (int64, or uint64 for a range with a uint64 bound). A
/// `for` loop iterates it; len(), `in`, .start, .stop and .step read it; it
/// is passed to and returned from device functions. At run time three
/// integers (IRGen: an RValue of three elements).
class RangeType : public Type {
public:
  explicit RangeType(Type *element) : Type(Kind::Range), elem(element) {}
  Type *element() const { return elem; }
  static bool classof(const Type *t) { return t->kind() == Kind::Range; }

private:
  Type *elem;
};

/// A slice object held as a value (`s = slice(1, n)`; numba's slice3_type):
/// its start, stop and step as int64, a None one replaced by numba's default
/// when it is made (start 0, stop INT64_MAX for a positive step; INT64_MAX,
/// INT64_MIN for a negative one; step 1), so .start/.stop/.step read ints.
/// It indexes arrays (a[s], a[s, i]) as the written slice would, and
/// s.indices(n) is Python's. At run time three int64 (as a RangeType's).
class SliceType : public Type {
public:
  SliceType() : Type(Kind::Slice) {}
  static bool classof(const Type *t) { return t->kind() == Kind::Slice; }
};

/// `a.flat` of an array that is not C-contiguous (numba's NumpyFlatType;
/// of a C-contiguous one a.flat is a 1-d view): its elements in C order,
/// iterated, indexed (`f[i]`, read and written), measured (len), held in
/// variables and passed to device functions. At run time the array itself
/// (IRGen: an RValue of one element, as a record's).
class FlatIterType : public Type {
public:
  explicit FlatIterType(ArrayType *array) : Type(Kind::FlatIter), arr(array) {}
  ArrayType *array() const { return arr; }
  static bool classof(const Type *t) { return t->kind() == Kind::FlatIter; }

private:
  ArrayType *arr;
};

/// An iterator: `it = iter(a)` of an array, a range or a tuple of elements
/// of one type (numba's ArrayIterator, RangeIteratorType, UniTupleIter). next(it) and `for v in it` take the
/// items of source() in order, element() each (a number, or a view of an
/// n-d array's first axis); past the last, next() raises StopIteration.
/// Copies share their position, as numba's do (`it2 = it; next(it2)`
/// advances it too): at run time the position is an int64 in a 1-element
/// local array, and the iterator is that array and the source (IRGen: an
/// RValue of two elements, the second the source's own). One array per
/// iter() in the code (numba's alloca_once), so an iterator made again by
/// the same iter() in a loop starts anew there.
class IteratorType : public Type {
public:
  IteratorType(Type *source, Type *element) : Type(Kind::Iter), src(source), elem(element) {}
  /// An ArrayType, a RangeType or a TupleType (its elements of one type).
  Type *source() const { return src; }
  Type *element() const { return elem; }
  static bool classof(const Type *t) { return t->kind() == Kind::Iter; }

private:
  Type *src;
  Type *elem;
};

/// A compile-time namespace: a module (`cuda`, `math`, `numpy`) or an object
/// such as `cuda.threadIdx`. `path()` is its dotted name, e.g. "cuda.threadIdx".
class NamespaceType : public Type {
public:
  explicit NamespaceType(std::string path) : Type(Kind::Namespace), name(std::move(path)) {}
  llvm::StringRef path() const { return name; }
  static bool classof(const Type *t) { return t->kind() == Kind::Namespace; }

private:
  std::string name;
};

/// A compile-time callable: a builtin (`range`, `abs`), a module function
/// (`math.sqrt`, `cuda.grid`) or a dtype used as a cast (`numpy.float32`).
class BuiltinType : public Type {
public:
  explicit BuiltinType(std::string path) : Type(Kind::Builtin), name(std::move(path)) {}
  llvm::StringRef path() const { return name; }
  static bool classof(const Type *t) { return t->kind() == Kind::Builtin; }

private:
  std::string name;
};

} // namespace pyjit::ir

#endif
