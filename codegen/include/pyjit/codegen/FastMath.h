//===- FastMath.h - The fastmath option of a kernel ---------------------===//
//
// `fastmath=True` turns on every flag; a set of names turns on those flags.
// The names are LLVM's fast-math flags (as numba's per-flag form uses them)
// plus `ftz`:
//   ftz       float32 subnormals flush to zero (`.ftz` instructions, and
//             libdevice's __nvvm_reflect("__CUDA_FTZ") answers 1)
//   arcp      float32 `/` is div.full.f32 (2 ulp, nvcc's -prec-div=false)
//             instead of IEEE div.rn.f32; with afn too, div.approx.f32
//   afn       approximate functions: sqrt.approx.f32 and libdevice's
//             __nv_fast_* for float32 sin, cos, tan, exp, exp10, log, log2,
//             log10 and pow (the choices nvcc's --use_fast_math makes)
//   contract  a*b+c may fuse to fma (always on, as nvcc's --fmad=true)
//   nnan, ninf, nsz, reassoc   as in LLVM's LangRef ("Fast-Math Flags")
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_CODEGEN_FASTMATH_H
#define PYJIT_CODEGEN_FASTMATH_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/FMF.h"
#include "llvm/Support/Error.h"
#include <string>

namespace pyjit::codegen {

struct FastMath {
  bool ftz = false, arcp = false, afn = false, contract = false;
  bool nnan = false, ninf = false, nsz = false, reassoc = false;

  static FastMath all();
  /// Parses a comma-separated list of flag names ("all" for every flag,
  /// "" for none). Errors: StringError naming an unknown flag and listing
  /// the known ones.
  static llvm::Expected<FastMath> parse(llvm::StringRef list);

  bool any() const { return ftz || arcp || afn || contract || nnan || ninf || nsz || reassoc; }
  /// The LLVM instruction flags (ftz is a function attribute instead).
  llvm::FastMathFlags llvmFlags() const;
  /// Canonical comma-separated spelling, for cache keys and messages.
  std::string str() const;
};

} // namespace pyjit::codegen

#endif
