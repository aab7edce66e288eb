# A cuda.shared.array shape that is not a compile-time constant (here a
# run-time array size) is rejected at the shape.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

import numpy as np

from pyjit import cuda


@cuda.jit
def k(a):
    n = a.size
    s = cuda.shared.array(n, np.float32)
    s[0] = 1

# CHECK: {{.*}}shared-array-runtime-shape.py:14:27: error: the shape of cuda.shared.array must be a compile-time constant integer (a literal, a global, or an expression of those)
# CHECK-NEXT: {{^}}    s = cuda.shared.array(n, np.float32){{$}}
# CHECK-NEXT: {{^}}                          ^{{$}}
# CHECK-NOT: error
