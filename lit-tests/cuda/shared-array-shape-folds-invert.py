# A shared array shape may be any constant expression of literals and
# globals, which folds at compile time; `(TILE + 7) & ~7` rounds TILE = 10
# up to a multiple of 8, 16. `~` is one of the documented operators, so
# `~7` is part of a constant expression like `TILE + 7`.
#
# BUG: `~` is not folded, so the shape is rejected with "the shape of
# cuda.shared.array must be a compile-time constant integer".
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s

import numpy as np

from pyjit import cuda

TILE = 10


@cuda.jit
def k(a):
    s = cuda.shared.array((TILE + 7) & ~7, np.float32)
    s[0] = a[0]
    a[1] = s[0]

# CHECK-LABEL: func @k(
# CHECK: [[N:%[0-9]+]] = const 16 : int64
# CHECK-NEXT: alloc shared [[N]] : array(float32, 1d, C)
