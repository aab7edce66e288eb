# --emit=cubin links the device library's relocatable cubin for the arch:
# the linked cubin defines the library function the kernel calls.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=cubin -o %t.cubin
# RUN: strings %t.cubin | FileCheck %s

from pyjit import coop, cuda


@cuda.jit
def k(x, out):
    i = cuda.grid(1)
    out[i] = coop.block.inclusive_sum(x[i])

# CHECK-DAG: __pyjit_coop_block_inclusive_scan_add_f32
