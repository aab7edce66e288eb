# cuda.fma(a, b, c) is one fused multiply-add in the operands' type
# (fma.rn.f32 for float32, fma.rn.f64 for float64).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float64[::1], float32, float64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float64[::1], float32, float64)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1], float64[::1], float32, float64)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(f, d, x, y):
    f[0] = cuda.fma(x, x, x)
    d[0] = cuda.fma(y, y, y)

# IR-LABEL: func @k(
# IR: [[F:%[0-9]+]] = cuda.fma %x, %x, %x : float32
# IR: store %f[{{%[0-9]+}}], [[F]]
# IR: [[D:%[0-9]+]] = cuda.fma %y, %y, %y : float64
# IR: store %d[{{%[0-9]+}}], [[D]]

# PTX-LABEL: .visible .entry k(
# PTX: fma.rn.f32
# PTX: fma.rn.f64
