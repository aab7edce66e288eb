//===- Type.cpp - Printing of types --------------------------------------===//
#include "pyjit/ir/Type.h"

using namespace pyjit::ir;
using llvm::cast;

std::string Type::str() const {
  switch (kind()) {
  case Kind::None:
    return "none";
  case Kind::Bool:
    return "bool";
  case Kind::Int: {
    auto *t = cast<IntType>(this);
    if (t->isEnum()) // numba's EnumMember(<enum 'Color'>, int64), without the repr
      return "EnumMember(" + t->enumClass().str() + (t->isOrdinalEnum() ? ", ordinal)" : ", int64)");
    if (t->isIntEnum()) // numba's IntEnumMember(<enum 'Shape'>, int64)
      return "IntEnumMember(" + t->enumClass().str() + ", int64)";
    return (t->isSigned() ? "int" : "uint") + std::to_string(t->bits());
  }
  case Kind::Float:
    if (cast<FloatType>(this)->isBFloat16())
      return "bfloat16";
    return "float" + std::to_string(cast<FloatType>(this)->bits());
  case Kind::Datetime: {
    auto *t = cast<DatetimeType>(this);
    return (t->isTimedelta() ? "timedelta64[" : "datetime64[") + t->unit().str() + "]";
  }
  case Kind::Complex:
    return "complex" + std::to_string(cast<ComplexType>(this)->bits());
  case Kind::Array: {
    auto *t = cast<ArrayType>(this);
    if (t->isPointer())
      return "CPointer(" + t->dtype()->str() + ")";
    return std::string(t->readonly() ? "readonly " : "") + "array(" + t->dtype()->str() + ", " +
           std::to_string(t->ndim()) + "d, " + (t->layout() == Layout::C ? "C" : t->layout() == Layout::F ? "F" : "A") + ")";
  }
  case Kind::Tuple: {
    auto *t = cast<TupleType>(this);
    if (t->isNamed()) { // NamedTuple(Params; a: float64, n: int64)
      std::string s = "NamedTuple(" + t->className().str() + ";";
      for (size_t i = 0; i < t->size(); ++i)
        s += (i ? ", " : " ") + t->names()[i] + ": " + t->elements()[i]->str();
      return s + ")";
    }
    std::string s = "Tuple(";
    for (size_t i = 0; i < t->size(); ++i)
      s += (i ? ", " : "") + t->elements()[i]->str();
    return s + ")";
  }
  case Kind::Record: {
    // numba's spelling: Record(x[type=float32;offset=0],y[type=int32;offset=4];8;False)
    auto *r = cast<RecordType>(this);
    std::string s = r->readonly() ? "readonly Record(" : "Record(";
    for (size_t i = 0; i < r->fields().size(); ++i) {
      const RecordType::Field &f = r->fields()[i];
      std::string ft = f.type->str();
      if (f.isArray()) { // numba's NestedArray: nestedarray(float64, (3,))
        std::string dims;
        for (uint64_t e : f.shape)
          dims += (dims.empty() ? "" : ", ") + std::to_string(e);
        ft = "nestedarray(" + ft + ", (" + dims + (f.shape.size() == 1 ? ",))" : "))");
      }
      s += (i ? "," : "") + f.name + "[type=" + ft + ";offset=" + std::to_string(f.offset) + "]";
    }
    return s + ";" + std::to_string(r->size()) + ";" + (r->aligned() ? "True" : "False") + ")";
  }
  case Kind::CharSeq: { // numba's spelling
    auto *t = cast<CharSeqType>(this);
    return (t->unicode() ? "[unichr x " : "[char x ") + std::to_string(t->count()) + "]";
  }
  case Kind::GridGroup:
    return "GridGroup";
  case Kind::Optional: // numba's spelling
    return "OptionalType(" + cast<OptionalType>(this)->inner()->str() + ")";
  case Kind::Range: // numba's spelling
    return cast<RangeType>(this)->element()->str() == "uint64" ? "unsigned_range_state64"
                                                                : "range_state64";
  case Kind::FlatIter: // numba's spelling
    return "array.flat(" + cast<FlatIterType>(this)->array()->str() + ")";
  case Kind::Iter: // numba's spelling (ArrayIterator, RangeIteratorType)
    if (auto *rt = llvm::dyn_cast<RangeType>(cast<IteratorType>(this)->source()))
      return "range_iter_" + rt->element()->str();
    return "iter(" + cast<IteratorType>(this)->source()->str() + ")";
  case Kind::Slice: // numba's spelling
    return "slice<a:b:c>";
  case Kind::Namespace:
    return "namespace(" + cast<NamespaceType>(this)->path().str() + ")";
  case Kind::Builtin:
    if (cast<BuiltinType>(this)->path() == "str" || // a compile-time string (TypeContext::str)
        cast<BuiltinType>(this)->path() == "str.runtime") // one of several (isRuntimeStr)
      return "str";
    if (cast<BuiltinType>(this)->path() == "bytes") // a compile-time bytes literal
      return "bytes";
    return "function(" + cast<BuiltinType>(this)->path().str() + ")";
  }
  return "?";
}

const RecordType::Field *RecordType::scalarAt(uint64_t offset, const Type *type,
                                              std::string *path) const {
  for (const Field &f : members) {
    if (f.isArray())
      continue;
    if (f.type == type && f.offset == offset) {
      if (path)
        *path = f.name;
      return &f;
    }
    auto *inner = llvm::dyn_cast<RecordType>(f.type);
    if (inner && offset >= f.offset && offset < f.offset + inner->size())
      if (const Field *found = inner->scalarAt(offset - f.offset, type, path)) {
        if (path)
          *path = f.name + "." + *path;
        return found;
      }
  }
  return nullptr;
}
