//===- VectorTypes.h - numba.cuda's CUDA vector types ---------------------===//
//
// cuda.float32x3, cuda.int4, ... (numba-cuda, "CUDA-Specific Types": names
// <base>x<N> for base int8..int64, uint8..uint64, float32, float64 and N 1-4,
// and CUDA C's aliases char/short/int/long/longlong, their u-prefixed
// unsigned forms, float and double, each with N; long is int64 as on
// Linux). A vector is a named tuple of N elements of the base type, class
// `<base>x<N>`, fields x, y, z, w: `v.x` reads one. Its constructor takes
// numbers and vectors whose components add up to N.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_VECTORTYPES_H
#define PYJIT_IR_VECTORTYPES_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace pyjit::ir {

class TupleType;
class Type;
class TypeContext;

struct VectorTypeName {
  std::string base; ///< "float32": the components' scalar type
  unsigned size;    ///< N, 1-4
  /// The canonical name, `<base>x<N>` ("float32x3" for float3).
  std::string canonical() const;
};

/// The vector type called \p name (float32x3, float3, ulonglong2), if any.
std::optional<VectorTypeName> lookupVectorType(llvm::StringRef name);

/// The named tuple type of a vector: \p size elements of \p base, class
/// `<base>x<N>`, fields x, y, z, w.
TupleType *vectorTupleType(TypeContext &ctx, const VectorTypeName &name);

/// Whether \p t is a vector type's named tuple (its class is a canonical
/// vector name and its fields x, y, ...).
bool isVectorTuple(const Type *t);

} // namespace pyjit::ir

#endif
