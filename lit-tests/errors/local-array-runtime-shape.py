# A cuda.local.array shape tuple with a run-time extent is rejected at that
# extent.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

import numpy as np

from pyjit import cuda


@cuda.jit
def k(a, n):
    t = cuda.local.array((2, n), np.float32)
    t[0, 0] = 1

# CHECK: {{.*}}local-array-runtime-shape.py:13:30: error: the shape of cuda.local.array must be a compile-time constant integer (a literal, a global, or an expression of those)
# CHECK-NEXT: {{^}}    t = cuda.local.array((2, n), np.float32){{$}}
# CHECK-NEXT: {{^}}                             ^{{$}}
# CHECK-NOT: error
