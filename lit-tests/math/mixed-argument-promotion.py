# A two-argument function of a float32 and a float64 computes in float64
# (the promoted type of its arguments).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float32, float64)' --emit=ir | FileCheck %s

import math

from pyjit import cuda


@cuda.jit
def k(out, x, y):
    out[0] = math.hypot(x, y)

# CHECK-LABEL: func @k(
# CHECK: [[X:%[0-9]+]] = cast %x : float32 -> float64
# CHECK: math.hypot [[X]], %y : float64
