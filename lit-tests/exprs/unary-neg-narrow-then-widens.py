# Unary minus on a narrow integer negates in its own width, then widens to
# 64 bits (numba's int_negate_impl: -int8(-128) is -128, -uint8(5) is 251);
# unary plus just widens; on a float both keep the type.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int8, int16, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b, x):
    out[0] = -a
    out[1] = +b
    out[2] = -x

# CHECK-LABEL: func @k(
# CHECK: [[N:%[0-9]+]] = neg %a : int8
# CHECK-NEXT: cast [[N]] : int8 -> int64
# CHECK: cast %b : int16 -> int64
# CHECK: neg %x : float32
