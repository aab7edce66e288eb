//===- HostLibdevice.h - libdevice functions for the CPU backend -*- C++ -*-===//
//
// The CPU runner's own definitions of the libdevice functions that have no
// C library namesake (codegen/HostLibdevice.def): CpuModule binds each
// `__pyjit_nv_<name>` a host kernel calls to its definition here.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_RUNTIME_LIB_HOSTLIBDEVICE_H
#define PYJIT_RUNTIME_LIB_HOSTLIBDEVICE_H

#include "llvm/ADT/ArrayRef.h"
#include <cstdint>

namespace pyjit::runtime {

/// A symbol of the JIT: the name a host kernel calls and its address.
struct HostLibdeviceSymbol {
  const char *name;
  void *address;
};

/// Every function of codegen/HostLibdevice.def, named `__pyjit_nv_<name>`.
llvm::ArrayRef<HostLibdeviceSymbol> hostLibdeviceSymbols();

/// float64 -> IEEE 754-2008 binary16 bits, rounded to nearest even, once
/// (going through float would round twice); NaN stays a quiet NaN.
uint16_t doubleToHalfBits(double d);

/// float64 -> bfloat16 bits (float32's sign and exponent, 7 fraction bits),
/// rounded to nearest even, once; NaN stays a quiet NaN of its sign.
uint16_t doubleToBFloat16Bits(double d);

} // namespace pyjit::runtime

#endif
