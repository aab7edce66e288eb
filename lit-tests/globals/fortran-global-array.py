# An F-contiguous global array keeps its layout (numba-cuda's
# make_constant_array): its constant bytes are in memory order and its
# strides F's, so G[i, j] is at i*4 + j*12 bytes.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64, int64)' --emit=ptx | FileCheck %s

import numpy as np
from pyjit import cuda

G = np.asfortranarray(np.arange(12, dtype=np.int32).reshape(3, 4))


@cuda.jit
def k(out, i, j):
    out[0] = G[i, j] + G.strides[1]

# CHECK: .const .align {{[0-9]+}} .b8 {{const[0-9]*}}[48] = {0, 0, 0, 0, 4, 0, 0, 0, 8, 0, 0, 0, 1, 0, 0, 0, 5,
# CHECK: mad.lo.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 12,
# CHECK: ld.const.s32
