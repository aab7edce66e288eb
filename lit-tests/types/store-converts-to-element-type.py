# A store converts the value to the array's element type: a float64 stored
# into an int32 array is truncated toward zero (cast float64 -> int32).
#
# RUN: %pyjitc %s --sig 'k(int32[::1], float64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = x * 1.5

# CHECK-LABEL: func @k(
# CHECK: [[M:%[0-9]+]] = mul %x, {{%[0-9]+}} : float64
# CHECK: [[C:%[0-9]+]] = cast [[M]] : float64 -> int32
# CHECK: store %out[{{%[0-9]+}}], [[C]]
