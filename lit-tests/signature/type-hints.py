# Type hints on every parameter are an eager signature: `a: float32[:]` is
# a 1-d A-layout float32 array, `n: int32` a scalar.
#
# RUN: %pyjitc %s --emit=ir | FileCheck %s

from pyjit import cuda, float32, int32


@cuda.jit
def k(a: float32[:], n: int32):
    a[0] = n

# CHECK-LABEL: func @k(%a: array(float32, 1d, A), %n: int32) -> none {
# CHECK: cast %n : int32 -> float32
