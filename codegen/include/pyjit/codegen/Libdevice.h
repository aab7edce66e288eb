//===- Libdevice.h - Linking NVIDIA's libdevice math library -------------===//
#ifndef PYJIT_CODEGEN_LIBDEVICE_H
#define PYJIT_CODEGEN_LIBDEVICE_H

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include <string>

namespace pyjit::codegen {

/// The libdevice bitcode used: $PYJIT_LIBDEVICE, else
/// $CUDA_HOME/nvvm/libdevice/libdevice.10.bc, else the path found at build
/// time (the CUDA toolkit's).
std::string libdevicePath();

/// If `module` calls any `__nv_*` function, links the needed libdevice
/// functions (lazily read, LinkOnlyNeeded) and internalizes everything but
/// the kernels, so O3 inlines and drops what is unused. Sets the
/// `nvvm-reflect-ftz` module flag (0: IEEE denormals) unless set. Answers
/// libdevice's __nvvm_reflect("__CUDA_PREC_SQRT") with \p precSqrt: IEEE
/// sqrt.rn inside __nv_hypotf, __nv_normf, __nv_norm3df/4df and __nv_jnf
/// (NVVM's -prec-sqrt=1, numba-cuda's default), else sqrt.approx.f32; LLVM's
/// NVVMReflect knows no module flag for it and answered 0, 1 ulp off in 16%
/// of float32 hypot results. The bitcode is read from disk once per process.
/// Errors: StringError naming the path if libdevice cannot be read or linked.
llvm::Error linkLibdevice(llvm::Module &module, bool precSqrt = true);

} // namespace pyjit::codegen

#endif
