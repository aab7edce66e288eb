# A float local used as an index gets a note at the assignment that made
# it a float (math.floor gives a float in kernels, as in numba-cuda).
#
# RUN: not %pyjitc %s --sig 'k(float64[::1], float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

import math

from pyjit import cuda


@cuda.jit
def k(a, out):
    i = cuda.grid(1)
    j = math.floor(i * 0.5)
    out[i] = a[j]

# CHECK: {{.*}}.py:15:16: error: array index must be an integer, not float64
# CHECK: {{.*}}.py:14:5: note: 'j' is float64 because of this assignment (in kernels math.floor, math.ceil and / give floats, as in numba-cuda: int(...) or // give an integer)
