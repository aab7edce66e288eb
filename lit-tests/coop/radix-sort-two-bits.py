# A radix sort of a tile the 16-bit digit counters can hold (launch_bounds
# 256 x 8 keys) ranks two bits per pass: 16 passes over 32-bit keys, one
# block-wide int64 exclusive sum of four packed 16-bit digit counters each.
#
# RUN: %pyjitc %s --sig 'k(uint32[::1])' --max-threads=256 --emit=ir | FileCheck %s

import numpy as np
from pyjit import coop, cuda


@cuda.jit(launch_bounds=256)
def k(x):
    keys = cuda.local.array(8, np.uint32)
    coop.block.load(x, keys, 0)
    coop.block.radix_sort(keys)
    coop.block.store(x, keys, 0)

# The digit starts within the word: the totals times 0x0001000100010000.
# CHECK-LABEL: func @k(
# CHECK: coop.block_exclusive_scan.add.aggregate
# CHECK-NOT: coop.block_exclusive_scan
# CHECK: const 281479271743488 : int64
# CHECK-NOT: coop.block_exclusive_scan
