# A product fuses into fma only with the add or subtract that is its one use,
# as nvcc (--fmad=true) and numba-cuda's NVVM fuse: `x*y - x*y` is 0, not the
# rounding error of x*y (LLVM's NVPTX backend fuses more under
# FPOpFusion::Fast; codegen/Contraction.h). A product used twice is one
# rounded mul.rn, which ptxas does not fuse either.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64, float64, float64)' --emit=llvm | FileCheck %s --check-prefix=LLVM
# RUN: %pyjitc %s --sig 'k(float64[::1], float64, float64, float64)' --emit=ptx | FileCheck %s --check-prefix=PTX

from pyjit import cuda


@cuda.jit
def k(out, x, y, z):
    out[0] = x * y - x * y
    out[1] = x * z + y

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: fmul double %x, %y
# LLVM: fmul contract double %x, %z
# LLVM: fadd contract double

# PTX-LABEL: .visible .entry k(
# PTX: mul.rn.f64 [[P:%rd[0-9]+]]
# PTX-NOT: fma
# PTX: sub.f64 {{%rd[0-9]+}}, [[P]], [[P]]
# PTX: fma.rn.f64
# PTX: ret;
