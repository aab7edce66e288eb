# cuda.shared.array accepts shape= and dtype= keywords, and a dtype given
# as a pyjit type or a NumPy type.
#
# RUN: %pyjitc %s --sig 'k(int32[::1])' --emit=ir | FileCheck %s

import numpy as np

from pyjit import cuda, int16


@cuda.jit
def k(a):
    s = cuda.shared.array(shape=32, dtype=np.int32)
    t = cuda.shared.array(8, dtype=int16)
    s[0] = a[0]
    t[0] = 1
    a[1] = s[0] + t[0]

# CHECK-LABEL: func @k(
# CHECK: [[N:%[0-9]+]] = const 32 : int64
# CHECK-NEXT: alloc shared [[N]] : array(int32, 1d, C)
# CHECK: [[M:%[0-9]+]] = const 8 : int64
# CHECK-NEXT: alloc shared [[M]] : array(int16, 1d, C)
