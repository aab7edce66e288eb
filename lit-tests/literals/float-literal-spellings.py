# Float literals in every Python spelling (exponents, a leading or trailing
# dot, underscores) are float64 constants of their value.
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = 1e3
    out[1] = .5
    out[2] = 7.
    out[3] = 2.5E-2
    out[4] = 1_0.2_5
    out[5] = 3e+2

# CHECK-LABEL: func @k(
# CHECK: const 1000 : float64
# CHECK: const 0.5 : float64
# CHECK: const 7 : float64
# CHECK: const 0.025000000000000001 : float64
# CHECK: const 10.25 : float64
# CHECK: const 300 : float64
