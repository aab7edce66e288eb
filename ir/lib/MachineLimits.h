//===- MachineLimits.h - np.finfo and np.iinfo as constants -----*- C++ -*-===//
//
// The attributes numba-cuda's np.finfo / np.iinfo overloads keep
// (numba/cuda/np/arraymath.py: _finfo_supported, _iinfo_supported), with
// NumPy's values (numpy/_core/getlimits.py: IEEE 754 binary16, binary32
// and binary64; two's complement integers). Shared by type inference.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_LIB_MACHINELIMITS_H
#define PYJIT_IR_LIB_MACHINELIMITS_H

#include "pyjit/ir/Type.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Casting.h"
#include <cmath>
#include <cstdint>
#include <optional>

namespace pyjit::ir::detail {

/// One attribute's value: a float (of the dtype's type, as NumPy gives an
/// np.float32 for np.finfo(np.float32).eps) or an integer (a Python int in
/// NumPy: int64, or uint64 for iinfo(uint64).max, as numba types it).
struct MachineLimit {
  bool isFloat = false;
  double f = 0.0;
  int64_t i = 0;
  bool isUint64 = false;
};

/// np.finfo(dtype).<attr> of a float16/float32/float64 dtype, or
/// np.iinfo(dtype).<attr> of an integer dtype; none for other attributes.
inline std::optional<MachineLimit> machineLimit(Type *dtype, llvm::StringRef attr) {
  auto real = [](double v) { return MachineLimit{true, v, 0}; };
  auto integer = [](int64_t v) { return MachineLimit{false, 0.0, v}; };
  if (auto *it = llvm::dyn_cast_or_null<IntType>(dtype)) {
    unsigned bits = it->bits();
    if (attr == "bits")
      return integer(bits);
    if (attr == "min")
      return integer(it->isSigned() ? (bits == 64 ? INT64_MIN : -(int64_t(1) << (bits - 1))) : 0);
    if (attr == "max") {
      if (!it->isSigned() && bits == 64)
        return MachineLimit{false, 0.0, static_cast<int64_t>(UINT64_MAX), true};
      return integer(it->isSigned() ? (bits == 64 ? INT64_MAX : (int64_t(1) << (bits - 1)) - 1)
                                    : (int64_t(1) << bits) - 1);
    }
    return std::nullopt;
  }
  auto *ft = llvm::dyn_cast_or_null<FloatType>(dtype);
  if (!ft || ft->isBFloat16())
    return std::nullopt;
  // Significand bits stored (nmant) and exponent bits (nexp) of the format.
  int nmant = ft->bits() == 16 ? 10 : ft->bits() == 32 ? 23 : 52;
  int nexp = ft->bits() == 16 ? 5 : ft->bits() == 32 ? 8 : 11;
  int maxexp = 1 << (nexp - 1); // 16, 128, 1024
  int minexp = 2 - maxexp;      // -14, -126, -1022
  int precision = ft->bits() == 16 ? 3 : ft->bits() == 32 ? 6 : 15; // decimal digits
  if (attr == "bits")
    return integer(ft->bits());
  if (attr == "eps")
    return real(std::ldexp(1.0, -nmant));
  if (attr == "epsneg")
    return real(std::ldexp(1.0, -nmant - 1));
  if (attr == "max" || attr == "min") {
    double max = std::ldexp(2.0 - std::ldexp(1.0, -nmant), maxexp - 1);
    return real(attr == "max" ? max : -max);
  }
  if (attr == "tiny" || attr == "smallest_normal")
    return real(std::ldexp(1.0, minexp));
  if (attr == "smallest_subnormal")
    return real(std::ldexp(1.0, minexp - nmant));
  if (attr == "resolution")
    return real(std::pow(10.0, -precision));
  if (attr == "precision")
    return integer(precision);
  if (attr == "iexp" || attr == "nexp")
    return integer(nexp);
  if (attr == "nmant")
    return integer(nmant);
  if (attr == "machep")
    return integer(-nmant);
  if (attr == "negep")
    return integer(-nmant - 1);
  if (attr == "maxexp")
    return integer(maxexp);
  if (attr == "minexp")
    return integer(minexp);
  return std::nullopt;
}

} // namespace pyjit::ir::detail

#endif
