# Float functions of integers give float64, whatever the integer's width
# (the integer is converted first): math.sin of an int8 or of an int64.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int8, int64)' --emit=ir | FileCheck %s

import math

from pyjit import cuda


@cuda.jit
def k(out, b, n):
    out[0] = math.sin(b)
    out[1] = math.exp(n)

# CHECK-LABEL: func @k(
# CHECK: [[B:%[0-9]+]] = cast %b : int8 -> float64
# CHECK-NEXT: math.sin [[B]] : float64
# CHECK: [[N:%[0-9]+]] = cast %n : int64 -> float64
# CHECK-NEXT: math.exp [[N]] : float64
