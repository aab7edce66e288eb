# A local array declared before a grid-stride loop keeps its constant size
# inside the loop (the loop header's phi is looked through): the vectorized
# load and store there still use 128-bit accesses.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1], int64)' | FileCheck %s

import numpy as np
from pyjit import coop, cuda


@cuda.jit
def k(x, y, ntiles):
    items = cuda.local.array(8, np.float32)
    for tile in range(cuda.blockIdx.x, ntiles, cuda.gridDim.x):
        start = tile * cuda.blockDim.x * 8
        coop.block.load_vectorized(x, items, start)
        coop.block.store_vectorized(y, items, start)

# CHECK-LABEL: .visible .entry k(
# CHECK-DAG: ld.global.v4.b32
# CHECK-DAG: st.global.v4.b32
