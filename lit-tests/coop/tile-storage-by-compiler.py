# Without a temp argument, the radix sort's shared storage is placed by the
# compiler: 1024 threads (no launch_bounds) x 4 int32 items = 16384 bytes.
#
# RUN: %pyjitc %s --sig 'k(int32[::1])' | FileCheck %s

import numpy as np
from pyjit import coop, cuda


@cuda.jit
def k(x):
    keys = cuda.local.array(4, np.int32)
    coop.block.load(x, keys, 0)
    coop.block.radix_sort(keys)
    coop.block.store(x, keys, 0)

# CHECK-LABEL: .visible .entry k(
# CHECK: .shared .align 16 .b8 shared{{[0-9]+}}[16384];
