# A kernel with an eager signature in its decorator compiles without
# --sig; `float32[:]` is layout A (strided) and `int32` a scalar.
#
# RUN: %pyjitc %s --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit("void(float32[:], int32)")
def fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v

# CHECK-LABEL: func @fill(%a: array(float32, 1d, A), %v: int32) -> none {
# CHECK: cast %v : int32 -> float32
# CHECK: store %a[
