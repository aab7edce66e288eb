//===- TypeContext.cpp - Interning of types ------------------------------===//
#include "pyjit/ir/TypeContext.h"
#include <algorithm>
#include "pyjit/ir/GlobalEnv.h"
#include "llvm/ADT/StringSwitch.h"

using namespace pyjit::ir;

TypeContext::TypeContext() = default;

IntType *TypeContext::intTy(unsigned bits, bool isSigned) {
  auto &slot = ints[{bits, isSigned}];
  if (!slot)
    slot = std::make_unique<IntType>(bits, isSigned);
  return slot.get();
}

std::string TypeContext::devicePath(const DeviceFunctionSource *fn) {
  if (auto it = devicePaths.find(fn); it != devicePaths.end())
    return it->second;
  std::string base = "device." + fn->name, path = base;
  for (int k = 2; devices.count(path); ++k)
    path = base + "#" + std::to_string(k);
  devices[path] = fn;
  devicePaths[fn] = path;
  return path;
}

const DeviceFunctionSource *TypeContext::deviceFunction(llvm::StringRef path) const {
  auto it = devices.find(path);
  return it == devices.end() ? nullptr : it->second;
}

DatetimeType *TypeContext::datetime(bool timedelta, llvm::StringRef unit) {
  static const char *const units[] = {"Y", "M", "W", "D", "h", "m", "s",
                                      "ms", "us", "ns", "ps", "fs", "as"};
  if (std::find(std::begin(units), std::end(units), unit) == std::end(units))
    return nullptr;
  auto &slot = datetimes[{timedelta, unit.str()}];
  if (!slot)
    slot = std::make_unique<DatetimeType>(timedelta, unit.str());
  return slot.get();
}

IntType *TypeContext::enumMember(llvm::StringRef cls, bool ordinal) {
  auto &slot = enumMembers[cls.str() + (ordinal ? "#ordinal" : "")];
  if (!slot)
    slot = std::make_unique<IntType>(64, true, cls.str(), ordinal);
  return slot.get();
}

IntType *TypeContext::intEnumMember(llvm::StringRef cls) {
  auto &slot = enumMembers[cls.str() + "#int"];
  if (!slot)
    slot = std::make_unique<IntType>(64, true, cls.str(), false, /*intEnumMember=*/true);
  return slot.get();
}

FloatType *TypeContext::floatTy(unsigned bits) {
  auto &slot = floats[bits];
  if (!slot)
    slot = std::make_unique<FloatType>(bits);
  return slot.get();
}

ComplexType *TypeContext::complexTy(unsigned bits) {
  auto &slot = complexes[bits];
  if (!slot)
    slot = std::make_unique<ComplexType>(bits);
  return slot.get();
}

ArrayType *TypeContext::array(Type *dtype, unsigned ndim, Layout layout, bool readonly) {
  auto &slot = arrays[{dtype, ndim, layout, readonly}];
  if (!slot)
    slot = std::make_unique<ArrayType>(dtype, ndim, layout, readonly);
  return slot.get();
}

ArrayType *TypeContext::pointer(Type *dtype) {
  auto &slot = pointers[dtype];
  if (!slot)
    slot = std::make_unique<ArrayType>(dtype, 1, Layout::C, false, /*pointer=*/true);
  return slot.get();
}

TupleType *TypeContext::tuple(llvm::ArrayRef<Type *> elems) {
  std::vector<Type *> key(elems.begin(), elems.end());
  auto &slot = tuples[key];
  if (!slot)
    slot = std::make_unique<TupleType>(key);
  return slot.get();
}

TupleType *TypeContext::namedTuple(llvm::ArrayRef<Type *> elems, llvm::StringRef className,
                                  llvm::ArrayRef<std::string> names) {
  auto made = std::make_unique<TupleType>(std::vector<Type *>(elems.begin(), elems.end()),
                                          className.str(),
                                          std::vector<std::string>(names.begin(), names.end()));
  auto &slot = namedTuples[made->str()];
  if (!slot)
    slot = std::move(made);
  return slot.get();
}

CharSeqType *TypeContext::charSeq(unsigned count, bool unicode) {
  auto &slot = charSeqs[{count, unicode}];
  if (!slot)
    slot = std::make_unique<CharSeqType>(count, unicode);
  return slot.get();
}

RecordType *TypeContext::record(std::vector<RecordType::Field> fields, uint64_t size,
                                bool aligned) {
  auto made = std::make_unique<RecordType>(std::move(fields), size, aligned);
  auto &slot = records[made->str()];
  if (!slot)
    slot = std::move(made);
  return slot.get();
}

RecordType *TypeContext::readonlyRecord(RecordType *rt) {
  if (rt->readonly())
    return rt;
  auto made = std::make_unique<RecordType>(
      std::vector<RecordType::Field>(rt->fields().begin(), rt->fields().end()), rt->size(),
      rt->aligned());
  made->writableTwin = rt;
  auto &slot = records[made->str()];
  if (!slot)
    slot = std::move(made);
  return slot.get();
}

NamespaceType *TypeContext::ns(llvm::StringRef path) {
  auto it = namespaces.find(path);
  if (it != namespaces.end())
    return it->second.get();
  auto owned = std::make_unique<NamespaceType>(path.str());
  NamespaceType *result = owned.get();
  namespaces.emplace(path.str(), std::move(owned));
  return result;
}

BuiltinType *TypeContext::builtin(llvm::StringRef path) {
  auto it = builtins.find(path);
  if (it != builtins.end())
    return it->second.get();
  auto owned = std::make_unique<BuiltinType>(path.str());
  BuiltinType *result = owned.get();
  builtins.emplace(path.str(), std::move(owned));
  return result;
}

OptionalType *TypeContext::optional(Type *inner) {
  assert((inner->isScalar() || llvm::isa<ArrayType>(inner)) &&
         "Optional holds a number, a bool or an array");
  std::unique_ptr<OptionalType> &slot = optionals[inner];
  if (!slot)
    slot = std::make_unique<OptionalType>(inner);
  return slot.get();
}

FlatIterType *TypeContext::flatIter(ArrayType *array) {
  std::unique_ptr<FlatIterType> &slot = flatIters[array];
  if (!slot)
    slot = std::make_unique<FlatIterType>(array);
  return slot.get();
}

IteratorType *TypeContext::iterator(Type *source, Type *element) {
  assert((llvm::isa<ArrayType, RangeType, TupleType>(source)) &&
         "iter() of an array, a range or a uniform tuple");
  std::unique_ptr<IteratorType> &slot = iterators[source];
  if (!slot)
    slot = std::make_unique<IteratorType>(source, element);
  assert(slot->element() == element && "one element type per source");
  return slot.get();
}

RangeType *TypeContext::range(Type *element) {
  assert(llvm::isa<IntType>(element) && cast<IntType>(element)->bits() == 64 &&
         "a range counts in int64 or uint64");
  std::unique_ptr<RangeType> &slot = ranges[element];
  if (!slot)
    slot = std::make_unique<RangeType>(element);
  return slot.get();
}

llvm::ArrayRef<llvm::StringRef> TypeContext::scalarNames() {
  static const llvm::StringRef names[] = {
      "bool",    "int8",    "int16",   "int32",     "int64",     "uint8",
      "uint16",  "uint32",  "uint64",  "float16",   "float32",   "float64",
      "complex64", "complex128", "bfloat16"};
  return names;
}

Type *TypeContext::scalarByName(llvm::StringRef name) {
  if (name == "bool" || name == "bool_" || name == "boolean" || name == "b1")
    return boolean();
  // numba's (and NumPy's) C-style aliases, on a 64-bit host.
  name = llvm::StringSwitch<llvm::StringRef>(name)
             .Cases({"intp", "int_", "longlong"}, "int64")
             .Cases({"uintp", "ulonglong"}, "uint64")
             .Case("intc", "int32").Case("uintc", "uint32")
             .Case("long_", "int64").Case("ulong", "uint64") // C long on 64-bit Linux
             .Case("char", "int8").Case("uchar", "uint8")
             .Case("ssize_t", "int64").Case("size_t", "uint64")
             .Case("short", "int16").Case("ushort", "uint16")
             // numba.types: byte = uchar = uint8 (NumPy's np.byte is int8:
             // Inferer::attribute maps that one), uint = uint64.
             .Case("byte", "uint8").Case("ubyte", "uint8").Case("uint", "uint64")
             .Case("single", "float32").Case("double", "float64").Case("half", "float16")
             .Default(name);
  auto intBits = llvm::StringSwitch<unsigned>(name)
                     .Cases("int8", "i1", 8).Cases("int16", "i2", 16)
                     .Cases("int32", "i4", 32).Cases("int64", "i8", 64)
                     .Default(0);
  if (intBits)
    return intTy(intBits, true);
  auto uintBits = llvm::StringSwitch<unsigned>(name)
                      .Cases("uint8", "u1", 8).Cases("uint16", "u2", 16)
                      .Cases("uint32", "u4", 32).Cases("uint64", "u8", 64)
                      .Default(0);
  if (uintBits)
    return intTy(uintBits, false);
  auto floatBits = llvm::StringSwitch<unsigned>(name)
                       .Cases("float16", "f2", 16).Cases("float32", "f4", 32)
                       .Cases("float64", "f8", 64).Default(0);
  if (floatBits)
    return floatTy(floatBits);
  if (name == "bfloat16" || name == "bf16")
    return bfloat16();
  if (name == "complex64" || name == "c8")
    return complexTy(64);
  if (name == "complex128" || name == "c16" || name == "complex")
    return complexTy(128);
  return nullptr;
}
