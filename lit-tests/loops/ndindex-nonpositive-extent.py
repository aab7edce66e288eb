# np.ndindex(n, m) runs n * m times when both extents are positive and not
# at all otherwise (two negative extents must not make a positive count).
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64, int64)' --emit=ir | FileCheck %s

import numpy as np
from pyjit import cuda


@cuda.jit
def k(out, n, m):
    for i, j in np.ndindex(n, m):
        out[0] += i * j

# CHECK-LABEL: func @k(
# CHECK: [[N:%[0-9]+]] = cmp gt %n, [[Z:%[0-9]+]] : bool
# CHECK: [[P:%[0-9]+]] = mul %n, %m : int64
# CHECK: [[M:%[0-9]+]] = cmp gt %m, [[Z]] : bool
# CHECK: [[BOTH:%[0-9]+]] = select [[N]], [[M]], [[N]] : bool
# CHECK: select [[BOTH]], [[P]], [[Z]] : int64
