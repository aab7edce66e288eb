//===- Libdevice.h - numba.cuda.libdevice's functions ----------*- C++ -*-===//
//
// Every function of NVIDIA's libdevice (libdevice.10.bc, CUDA 13.0), as
// numba.cuda.libdevice offers it: `libdevice.sinf(x)` calls __nv_sinf.
// Types are from the bitcode, signs from the libdevice User's Guide
// (scripts/gen_libdevice_table.py writes the table). A function's pointer
// parameters are outputs: the call returns (result, out0, out1, ...), or
// the outputs alone when the result is void (sincosf -> (sin, cos)).
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_LIBDEVICE_H
#define PYJIT_IR_LIBDEVICE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace pyjit::ir {

/// One libdevice function: pyjit type names ("float32", "uint32", ...).
struct LibdeviceFunction {
  const char *name;    ///< without the "__nv_" prefix
  const char *result;  ///< "void" for none
  const char *params;  ///< comma-separated, in order
  const char *outputs; ///< comma-separated element types of the pointer parameters
};

/// The function named \p name (without "__nv_"), or null.
const LibdeviceFunction *lookupLibdevice(llvm::StringRef name);

/// Every function, sorted by name.
llvm::ArrayRef<LibdeviceFunction> libdeviceFunctions();

/// The type names in a comma-separated list ("" is none).
llvm::SmallVector<llvm::StringRef, 4> libdeviceTypeList(llvm::StringRef list);

} // namespace pyjit::ir

#endif
