# A name for a compile-time value (here math.sqrt) read before its one
# assignment is an error at the read (numba-cuda: "Variable 'g' is not
# defined"); it once crashed the compiler.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s

import math
from pyjit import cuda


@cuda.jit
def k(out):
    for i in range(2):
        if i == 1:
            out[i] = g(3.0)
        g = math.sqrt

# CHECK: {{.*}}alias-read-before-assignment.py:15:22: error: local variable 'g' names a compile-time value but is read before its assignment
# CHECK-NOT: error
