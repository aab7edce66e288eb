# NumPy array functions (anything but the scalar types, scalar math
# functions and whole-array reductions) are rejected, naming the function.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

import numpy as np

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = np.cumsum(a)

# CHECK: {{.*}}call-numpy-array-function.py:13:12: error: 'numpy.cumsum' is not supported in kernels
# CHECK-NEXT: {{^}}    a[0] = np.cumsum(a){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~{{$}}
# CHECK-NOT: error
