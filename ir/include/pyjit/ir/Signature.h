//===- Signature.h - numba-style type and signature strings --------------===//
#ifndef PYJIT_IR_SIGNATURE_H
#define PYJIT_IR_SIGNATURE_H

#include "pyjit/ir/TypeContext.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace pyjit::ir {

/// A parsed signature: `void(float32[:], int32)` gives returnType none and
/// two arguments; `saxpy(float32[:], float32)` (pyjitc's --sig) gives the
/// function name and no return type.
struct Signature {
  std::string name;           // empty unless the prefix named no type
  Type *returnType = nullptr; // null unless the prefix is a type or `void`
  std::vector<Type *> args;
};

/// Parses one type in numba's spellings:
///   scalars   `float32`, `int64`, `bool`, `uint8`, ...
///   arrays    `float32[:]`, `float64[:, :]` (layout A), `float32[:, ::1]` (C),
///             `array(float32, 2d, C)` (numba's repr, also printed by Type::str)
/// Errors: a StringError naming the text that could not be read.
llvm::Expected<Type *> parseType(TypeContext &ctx, llvm::StringRef text);

/// The dtype \p name spells: a scalar type (`float32`) or numba's spelling
/// of a structured dtype (`Record(x[type=float32;offset=0];4;False)`);
/// null if it is neither.
Type *parseDType(TypeContext &ctx, llvm::StringRef name);

/// Parses `prefix(type, ...)`, or numba's tuple of argument types
/// `type, type, ...` (no result type, no name); see Signature.
llvm::Expected<Signature> parseSignature(TypeContext &ctx, llvm::StringRef text);

} // namespace pyjit::ir

#endif
