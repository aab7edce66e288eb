//===- VectorTypes.cpp - numba.cuda's CUDA vector types -------------------===//

#include "pyjit/ir/VectorTypes.h"
#include "pyjit/ir/Type.h"
#include "pyjit/ir/TypeContext.h"
#include "llvm/ADT/StringSwitch.h"
#include <vector>

namespace pyjit::ir {

std::string VectorTypeName::canonical() const { return base + "x" + std::to_string(size); }

static bool isVectorBase(llvm::StringRef base) {
  static const char *const bases[] = {"int8",   "int16",  "int32",  "int64",   "uint8",
                                      "uint16", "uint32", "uint64", "float32", "float64"};
  for (const char *b : bases)
    if (base == b)
      return true;
  return false;
}

/// CUDA C's names (numba-cuda's aliases) to the base type; long is 64-bit
/// (LP64 Linux).
static llvm::StringRef aliasBase(llvm::StringRef alias) {
  return llvm::StringSwitch<llvm::StringRef>(alias)
      .Case("char", "int8")
      .Case("short", "int16")
      .Case("int", "int32")
      .Case("long", "int64")
      .Case("longlong", "int64")
      .Case("uchar", "uint8")
      .Case("ushort", "uint16")
      .Case("uint", "uint32")
      .Case("ulong", "uint64")
      .Case("ulonglong", "uint64")
      .Case("float", "float32")
      .Case("double", "float64")
      .Default("");
}

std::optional<VectorTypeName> lookupVectorType(llvm::StringRef name) {
  if (name.size() < 2)
    return std::nullopt;
  char last = name.back();
  if (last < '1' || last > '4')
    return std::nullopt;
  unsigned size = last - '0';
  llvm::StringRef stem = name.drop_back();
  if (stem.consume_back("x") && isVectorBase(stem))
    return VectorTypeName{stem.str(), size};
  llvm::StringRef base = aliasBase(name.drop_back());
  if (!base.empty())
    return VectorTypeName{base.str(), size};
  return std::nullopt;
}

TupleType *vectorTupleType(TypeContext &ctx, const VectorTypeName &name) {
  static const char *const fields[] = {"x", "y", "z", "w"};
  Type *base = ctx.scalarByName(name.base);
  assert(base && name.size >= 1 && name.size <= 4 && "not a vector type");
  std::vector<Type *> elems(name.size, base);
  return ctx.namedTuple(elems, name.canonical(),
                        std::vector<std::string>(fields, fields + name.size));
}

bool isVectorTuple(const Type *t) {
  auto *tt = llvm::dyn_cast<TupleType>(t);
  if (!tt || !tt->isNamed())
    return false;
  std::optional<VectorTypeName> v = lookupVectorType(tt->className());
  return v && v->canonical() == tt->className() && v->size == tt->size();
}

} // namespace pyjit::ir
