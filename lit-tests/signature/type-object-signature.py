# A signature built from pyjit type objects, pyjit.void(pyjit.float32[:, ::1],
# pyjit.int32), compiles eagerly like the string form.
#
# RUN: %pyjitc %s --emit=ir | FileCheck %s

import pyjit
from pyjit import cuda


@cuda.jit(pyjit.void(pyjit.float32[:, ::1], pyjit.int32))
def k(a, n):
    a[0, 0] = n

# CHECK-LABEL: func @k(%a: array(float32, 2d, C), %n: int32) -> none {
# CHECK: cast %n : int32 -> float32
