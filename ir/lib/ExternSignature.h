//===- ExternSignature.h - A declared device function's types --*- C++ -*-===//
//
// cuda.declare_device(name, sig) reaches the compiler as an Extern global
// (GlobalEnv.h); inference and IRGen read its types alike through this.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_LIB_EXTERNSIGNATURE_H
#define PYJIT_IR_LIB_EXTERNSIGNATURE_H

#include "pyjit/ir/GlobalEnv.h"
#include "pyjit/ir/TypeContext.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <vector>

namespace pyjit::ir::detail {

struct ExternParam {
  Type *type;           ///< a scalar type, or a pointer's element type (null: void*)
  bool pointer = false; ///< a pointer: an array of `type` is passed (its data)
};

struct ExternSignature {
  Type *result; ///< none for void; a pointer (ArrayType::isPointer) for CPointer(T)
  std::vector<ExternParam> params;
};

/// The types of Extern global \p g; none when a name is not a scalar type
/// (the Python side checked them: an inconsistency, reported as such).
inline std::optional<ExternSignature> externSignature(TypeContext &ctx, const GlobalValue &g) {
  ExternSignature sig;
  llvm::StringRef result = g.dtype;
  bool pointerResult = result.consume_front("ptr "); // CPointer(T): a pointer returned
  sig.result = result == "void" ? static_cast<Type *>(ctx.none()) : ctx.scalarByName(result);
  if (!sig.result)
    return std::nullopt;
  if (pointerResult)
    sig.result = ctx.pointer(sig.result);
  llvm::SmallVector<llvm::StringRef, 8> parts;
  if (!g.data.empty())
    llvm::StringRef(g.data).split(parts, ',');
  for (llvm::StringRef p : parts) {
    p = p.trim();
    if (p == "ptr") { // voidptr: an array of any dtype
      sig.params.push_back({nullptr, true});
      continue;
    }
    bool pointer = p.consume_front("ptr ");
    Type *t = ctx.scalarByName(p.trim());
    if (!t)
      return std::nullopt;
    sig.params.push_back({t, pointer});
  }
  return sig;
}

} // namespace pyjit::ir::detail

#endif
