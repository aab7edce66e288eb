# A tuple kernel argument (UniTuple(int64 x 2)) is passed as its elements:
# the kernel gets one parameter per element, named t.0 and t.1.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], UniTuple(int64 x 2))' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, t):
    a[t[0]] = t[1]

# CHECK-LABEL: func @k(%a: array(float32, 1d, C), %t.0: int64, %t.1: int64) -> none {
# CHECK: cast %t.1 : int64 -> float32
