# merge_sort_keys of 4 int32 items per lane: a bitonic network over 128
# items. Pairs 4 or more apart are in different lanes: strides 4..64 of the
# stages of size 8..128 make 1+2+3+4+5 = 15 steps, each one butterfly
# shuffle per item (60); pairs closer than 4 compare in registers.
#
# RUN: %pyjitc %s --sig 'k(int32[::1])' | FileCheck %s

import numpy as np
from pyjit import coop, cuda


@cuda.jit
def k(x):
    keys = cuda.local.array(4, np.int32)
    for j in range(4):
        keys[j] = x[cuda.laneid * 4 + j]
    coop.warp.merge_sort_keys(keys)
    for j in range(4):
        x[cuda.laneid * 4 + j] = keys[j]

# CHECK-LABEL: .visible .entry k(
# CHECK-COUNT-60: shfl.sync.bfly.b32
# CHECK-NOT: shfl.sync
# CHECK-NOT: bar.sync
# CHECK: ret;
