# load_vectorized/store_vectorized of 8 float32 per thread: where the run is
# aligned to 16 bytes and inside the array, 128-bit loads and stores; the
# element-wise path stays for the rest.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' | FileCheck %s

import numpy as np
from pyjit import coop, cuda


@cuda.jit
def k(x, y):
    items = cuda.local.array(8, np.float32)
    start = cuda.blockIdx.x * cuda.blockDim.x * 8
    coop.block.load_vectorized(x, items, start)
    coop.block.store_vectorized(y, items, start)

# CHECK-LABEL: .visible .entry k(
# CHECK-DAG: ld.global.v4.b32
# CHECK-DAG: st.global.v4.b32
# CHECK-DAG: ld.global.b32
# CHECK-DAG: st.global.b32
