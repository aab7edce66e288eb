# Tile primitives are loops generated inline: a striped load, an exchange
# through shared memory (two barriers) and a histogram with shared-memory
# atomics; no device-library call; ptxas compiles the PTX.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(int32[::1], int32[::1])' | FileCheck %s
# RUN: %pyjitc %s --sig 'k(int32[::1], int32[::1])' | %ptxas -arch=sm_90 -o /dev/null -

import numpy as np
from pyjit import coop, cuda


@cuda.jit
def k(x, out):
    items = cuda.local.array(4, np.int32)
    temp = cuda.shared.array(1024, np.int32)
    bins = cuda.shared.array(32, np.int32)
    coop.block.load_striped(x, items, 0)
    coop.block.exchange_striped_to_blocked(items, temp)
    coop.block.histogram(items, bins)
    out[cuda.threadIdx.x] = bins[cuda.threadIdx.x % 32]

# CHECK-NOT: __pyjit_coop
# CHECK-LABEL: .visible .entry k(
# CHECK: bar.sync
# CHECK: atom.shared.add.u32
# CHECK: bar.sync
