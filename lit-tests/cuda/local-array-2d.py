# A local array with a tuple shape is 2-d C layout.
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ir | FileCheck %s

import numpy as np

from pyjit import cuda

N = 3


@cuda.jit
def k(a):
    m = cuda.local.array((N, N * 2), dtype=np.float64)
    m[1, 2] = a[0]
    a[1] = m[1, 2]

# CHECK-LABEL: func @k(
# CHECK: [[R:%[0-9]+]] = const 3 : int64
# CHECK-NEXT: [[C:%[0-9]+]] = const 6 : int64
# CHECK-NEXT: alloc local [[R]], [[C]] : array(float64, 2d, C)
