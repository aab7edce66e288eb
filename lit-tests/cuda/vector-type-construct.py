# cuda.float3 (an alias of float32x3) built from a float32x2 and an int64:
# the components in order, each converted to float32; .z reads the third.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, n):
    xy = cuda.float32x2(a, a)
    v = cuda.float3(xy, n)
    out[0] = v.z

# CHECK-LABEL: func @k(
# CHECK: [[Z:%[0-9]+]] = cast %n : int64 -> float32
# CHECK: store %out[{{%[0-9]+}}], [[Z]]
