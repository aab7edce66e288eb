# A list as a shared or local array's shape: the error is about the shape,
# not the general "kernels cannot allocate arrays: call cuda.shared.array"
# hint (the call is cuda.shared.array).
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s

import numpy as np

from pyjit import cuda


@cuda.jit
def k(a):
    s = cuda.shared.array([4, 8], dtype=np.float32)
    a[0] = s[0, 0]

# CHECK: shared-array-list-shape.py:14:27: error: the shape of a shared or local array is an int or a tuple of ints, not a list: write (rows, columns), not [rows, columns]
