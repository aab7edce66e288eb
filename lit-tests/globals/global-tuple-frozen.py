# A module-level tuple of numbers is frozen at compile time: it can shape a
# shared array, be indexed with constants, measured with len() and looped
# over (unrolled); every use folds to constants.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64[::1])' --emit=ir | FileCheck %s

import numpy as np
from pyjit import cuda

SHAPE = (4, 8)
W = (1, 2, 3)


@cuda.jit
def k(x, out):
    sm = cuda.shared.array(SHAPE, np.float32)
    sm[0, 0] = x[0]
    t = 0
    for w in W:
        t += w
    out[0] = t + len(W) * 100 + SHAPE[1] * 1000

# CHECK-LABEL: func @k(
# CHECK: [[A:%[0-9]+]] = const 4 : int64
# CHECK-NEXT: [[B:%[0-9]+]] = const 8 : int64
# CHECK-NEXT: alloc shared [[A]], [[B]] : array(float32, 2d, C)
# 1 + 2 + 3 + 3 * 100 + 8 * 1000, folded:
# CHECK: [[V:%[0-9]+]] = const 8306 : int64
# CHECK: store %out[{{%[0-9]+}}], [[V]]
