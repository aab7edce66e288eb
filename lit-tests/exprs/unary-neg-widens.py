# Unary minus and plus on a narrow integer widen it to 64 bits first
# (int8 -> int64); on a float they keep the type.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int8, int16, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b, x):
    out[0] = -a
    out[1] = +b
    out[2] = -x

# CHECK-LABEL: func @k(
# CHECK: [[A:%[0-9]+]] = cast %a : int8 -> int64
# CHECK-NEXT: neg [[A]] : int64
# CHECK: cast %b : int16 -> int64
# CHECK: neg %x : float32
