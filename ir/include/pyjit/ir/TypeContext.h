//===- TypeContext.h - Owner and interner of types -----------------------===//
#ifndef PYJIT_IR_TYPECONTEXT_H
#define PYJIT_IR_TYPECONTEXT_H

#include "pyjit/ir/Type.h"
#include <map>
#include <memory>
#include <string>
#include <tuple>

namespace pyjit::ir {

/// Owns every Type; equal types are the same pointer.
struct DeviceFunctionSource;

class TypeContext {
public:
  TypeContext();

  /// The builtin path naming device function \p fn as a value ("device.f",
  /// "device.f#2" for a second function of that name), registered so that a
  /// parameter holding it (a device function passed to another) calls it.
  std::string devicePath(const DeviceFunctionSource *fn);
  /// The device function a devicePath names, or null.
  const DeviceFunctionSource *deviceFunction(llvm::StringRef path) const;

  NoneType *none() { return &noneTy; }
  BoolType *boolean() { return &boolTy; }
  GridGroupType *gridGroup() { return &gridGroupTy; }
  IntType *intTy(unsigned bits, bool isSigned = true);
  /// A member of plain enum class \p cls with int64 values (IntType::isEnum),
  /// or, \p ordinal, with other values, held as its position in the class.
  IntType *enumMember(llvm::StringRef cls, bool ordinal = false);
  /// A member of IntEnum class \p cls (IntType::isIntEnum): int64 with a class.
  IntType *intEnumMember(llvm::StringRef cls);
  /// float16/32/64 by width (IEEE formats; bfloat16 is its own).
  FloatType *floatTy(unsigned bits);
  /// bfloat16 (FloatType::isBFloat16).
  FloatType *bfloat16() { return &bfloat16Ty; }
  /// datetime64[unit] (or timedelta64[unit]); null for a unit NumPy lacks.
  DatetimeType *datetime(bool timedelta, llvm::StringRef unit);
  ComplexType *complexTy(unsigned bits); // 64 or 128
  IntType *int32() { return intTy(32); }
  IntType *int64() { return intTy(64); }
  IntType *uint64() { return intTy(64, false); }
  FloatType *float32() { return floatTy(32); }
  FloatType *float64() { return floatTy(64); }
  ArrayType *array(Type *dtype, unsigned ndim, Layout layout, bool readonly = false);
  /// numba's CPointer(dtype) (ArrayType::isPointer).
  ArrayType *pointer(Type *dtype);
  TupleType *tuple(llvm::ArrayRef<Type *> elems);
  /// A named tuple: class \p className, one field name per element.
  TupleType *namedTuple(llvm::ArrayRef<Type *> elems, llvm::StringRef className,
                        llvm::ArrayRef<std::string> names);
  RecordType *record(std::vector<RecordType::Field> fields, uint64_t size, bool aligned);
  /// The read-only variant of record type \p rt (an element of a read-only
  /// array); \p rt itself when it is read-only already.
  RecordType *readonlyRecord(RecordType *rt);
  NamespaceType *ns(llvm::StringRef path);
  BuiltinType *builtin(llvm::StringRef path);
  /// numba's CharSeq (\p unicode false) or UnicodeCharSeq of \p count
  /// characters (count >= 1).
  CharSeqType *charSeq(unsigned count, bool unicode);
  /// numba's Optional of scalar type \p inner.
  OptionalType *optional(Type *inner);
  /// A range object of int64 or uint64 \p element.
  RangeType *range(Type *element);
  SliceType *slice() { return &sliceType; }
  /// a.flat of a non-C-contiguous \p array.
  FlatIterType *flatIter(ArrayType *array);
  /// iter() of \p source (an array, a range object or a uniform tuple) whose items are
  /// \p element.
  IteratorType *iterator(Type *source, Type *element);

  /// A scalar type by its NumPy name ("float32", "int64", "bool", ...);
  /// null if unknown.
  Type *scalarByName(llvm::StringRef name);
  /// The canonical names scalarByName knows, one for each scalar type
  /// ("bool", "int8", ..., "complex128", "bfloat16"; not the aliases such as
  /// "intc" or "f4"): what a "did you mean" offers.
  static llvm::ArrayRef<llvm::StringRef> scalarNames();

private:
  NoneType noneTy;
  BoolType boolTy;
  GridGroupType gridGroupTy;
  FloatType bfloat16Ty{16, true};
  std::map<std::pair<unsigned, bool>, std::unique_ptr<IntType>> ints;
  std::map<std::string, const DeviceFunctionSource *, std::less<>> devices;
  std::map<const DeviceFunctionSource *, std::string> devicePaths;
  std::map<std::string, std::unique_ptr<IntType>, std::less<>> enumMembers;
  std::map<unsigned, std::unique_ptr<FloatType>> floats;
  std::map<std::pair<bool, std::string>, std::unique_ptr<DatetimeType>> datetimes;
  std::map<unsigned, std::unique_ptr<ComplexType>> complexes;
  std::map<std::pair<unsigned, bool>, std::unique_ptr<CharSeqType>> charSeqs;
  std::map<std::tuple<Type *, unsigned, Layout, bool>, std::unique_ptr<ArrayType>> arrays;
  std::map<Type *, std::unique_ptr<ArrayType>> pointers;
  std::map<std::vector<Type *>, std::unique_ptr<TupleType>> tuples;
  std::map<std::string, std::unique_ptr<TupleType>> namedTuples; // by str()
  std::map<std::string, std::unique_ptr<RecordType>, std::less<>> records; // by spelling
  std::map<std::string, std::unique_ptr<NamespaceType>, std::less<>> namespaces;
  std::map<std::string, std::unique_ptr<BuiltinType>, std::less<>> builtins;
  std::map<Type *, std::unique_ptr<OptionalType>> optionals;
  std::map<Type *, std::unique_ptr<RangeType>> ranges;
  SliceType sliceType;
  std::map<ArrayType *, std::unique_ptr<FlatIterType>> flatIters;
  std::map<Type *, std::unique_ptr<IteratorType>> iterators; // by source
};

} // namespace pyjit::ir

#endif
