# A list given to numpy.array is reported as the allocation it is for, not
# as a list (whose hint, a tuple, would lead to the same refusal).
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

import numpy as np

from pyjit import cuda


@cuda.jit
def k(a):
    t = np.array([1.0, 2.0], dtype=np.float32)
    a[0] = t[0]

# CHECK: {{.*}}numpy-array-of-a-list.py:13:18: error: a list display is not supported in kernels; kernels cannot allocate arrays: cuda.local.array(shape, dtype) makes one per thread, cuda.shared.array(shape, dtype) one per block
# CHECK-NEXT: {{^}}    t = np.array([1.0, 2.0], dtype=np.float32){{$}}
# CHECK-NEXT: {{^}}                 ^{{$}}
# CHECK-NOT: error
