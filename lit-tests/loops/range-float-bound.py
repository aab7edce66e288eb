# range() of a float bound truncates it to int64, as numba-cuda converts
# it: range(math.ceil(n / 2)) compiles (math.ceil gives a float there). A
# constant float step that truncates to 0 is range()'s zero-step error.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64)' --emit=ir | FileCheck %s
# RUN: not %pyjitc %s --sig 'zero_step(float64[::1], float64)' --emit=ir 2>&1 | FileCheck %s --check-prefix=ERR

import math

from pyjit import cuda


@cuda.jit
def k(a, x):
    for i in range(math.ceil(x / 2)):
        a[i] = i


@cuda.jit
def zero_step(a, x):
    for i in range(0, 4, 0.5):
        a[i] = x

# CHECK-LABEL: func @k(
# CHECK: [[C:%[0-9]+]] = math.ceil
# CHECK: cast [[C]] : float64 -> int64

# ERR: error: range() step must not be zero
