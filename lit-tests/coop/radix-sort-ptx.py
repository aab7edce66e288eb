# coop.block.radix_sort: a loop over the key's bits, each pass one
# device-library exclusive sum (the zeros before each thread) and two
# barriers around the exchange through `temp`; ptxas compiles the PTX
# (-c: the library function is resolved when nvJitLink links).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(uint32[::1])' | FileCheck %s
# RUN: %pyjitc %s --sig 'k(uint32[::1])' | %ptxas -arch=sm_90 -c -o /dev/null -
# RUN: %pyjitc %s --sig 'k(uint32[::1])' --emit=cubin -o %t.cubin
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ir | FileCheck %s --check-prefix=FLOAT

import numpy as np
from pyjit import coop, cuda


@cuda.jit
def k(x):
    items = cuda.local.array(4, x.dtype)
    temp = cuda.shared.array(4096, x.dtype)
    coop.block.load(x, items, 0)
    coop.block.radix_sort(items, temp)
    coop.block.store(x, items, 0)

# CHECK: .extern .func (.param .b64 func_retval0) __pyjit_coop_block_exclusive_scan_add_i64
# CHECK-LABEL: .visible .entry k(
# CHECK-DAG: call.uni (retval0), __pyjit_coop_block_exclusive_scan_add_i64
# CHECK-DAG: bar.sync
# Float keys are ordered by their bits: a bitcast to uint64, then a flip.
# FLOAT: bitcast
# FLOAT: xor
