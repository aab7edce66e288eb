# Math functions imported by name (`from math import sin, sqrt`) work like
# the math.* spellings.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from math import sin, sqrt

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = sin(x) + sqrt(x)

# CHECK-LABEL: func @k(
# CHECK: math.sin %x : float32
# CHECK: sqrt %x : float32
