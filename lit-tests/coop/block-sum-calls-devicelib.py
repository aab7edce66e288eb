# coop.block.sum is a call into pyjit's device library: the PTX declares
# the library function (.extern) and calls it; nothing else of the library
# is in the kernel's PTX.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' | FileCheck %s

from pyjit import coop, cuda


@cuda.jit
def k(x, out):
    i = cuda.grid(1)
    out[i] = coop.block.sum(x[i])

# CHECK: .extern .func (.param .b32 func_retval0) __pyjit_coop_block_reduce_add_f32
# CHECK-LABEL: .visible .entry k(
# CHECK: call.uni (retval0), __pyjit_coop_block_reduce_add_f32
# CHECK-NOT: bar.sync
