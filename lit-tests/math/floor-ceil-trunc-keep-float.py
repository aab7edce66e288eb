# math.floor, math.ceil and math.trunc of a float give that float, as
# numba-cuda types them (cudamath.py: float32(float32), float64(float64);
# Python and numba on the CPU return an int): no conversion to an integer.
# Constant cases fold: floor(-2.5) == -3.0, ceil(-2.5) == -2.0.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=llvm | FileCheck %s --check-prefix=LLVM

import math

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = math.floor(x)
    out[1] = math.ceil(x)
    out[2] = math.trunc(x)
    out[3] = math.floor(-2.5)
    out[4] = math.ceil(-2.5)

# IR-LABEL: func @k(
# IR: math.floor %x : float32
# IR: math.ceil %x : float32
# IR: math.trunc %x : float32

# LLVM-LABEL: define {{.*}}void @k(
# LLVM-NOT: fptosi
# LLVM: call float @llvm.floor.f32(float %x)
# LLVM: call float @llvm.ceil.f32(float %x)
# LLVM: call float @llvm.trunc.f32(float %x)
# LLVM: store float -3.000000e+00,
# LLVM: store float -2.000000e+00,
