# load/store_warp_transposed synchronise the warp only (bar.warp.sync, never
# bar.sync) and place padded storage: 128 threads x 4 float32 = 512 items,
# one more per 32: 528 x 4 = 2112 bytes, one storage for both calls.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --max-threads=128 | FileCheck %s

import numpy as np
from pyjit import coop, cuda


@cuda.jit(launch_bounds=128)
def k(x):
    items = cuda.local.array(4, np.float32)
    start = cuda.blockIdx.x * cuda.blockDim.x * 4
    coop.block.load_warp_transposed(x, items, start)
    coop.block.store_warp_transposed(x, items, start)

# CHECK-LABEL: .visible .entry k(
# CHECK: .shared .align 16 .b8 shared{{[0-9]+}}[2112];
# CHECK-NOT: .shared .align
# CHECK-NOT: bar.sync
# CHECK: bar.warp.sync
# CHECK-NOT: bar.sync
# CHECK: ret;
