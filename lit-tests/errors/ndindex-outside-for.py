# np.ndindex() builds no object in kernels: it is a `for` loop's iterable.
#
# RUN: not %pyjitc %s --sig 'k(int64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

import numpy as np
from pyjit import cuda


@cuda.jit
def k(a):
    it = np.ndindex(3)

# CHECK: {{.*}}ndindex-outside-for.py:11:10: error: np.ndindex() is only supported as the iterable of a 'for' loop
# CHECK-NEXT: {{^}}    it = np.ndindex(3){{$}}
# CHECK-NEXT: {{^}}         ^~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
