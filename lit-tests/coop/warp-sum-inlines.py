# coop.warp.sum is inlined: five butterfly shuffles, no call into the device
# library (docs/coop.md: warp primitives live in codegen).
#
# RUN: %pyjitc %s --sig 'k(int32[::1], int32[::1])' | FileCheck %s

from pyjit import coop, cuda


@cuda.jit
def k(x, out):
    i = cuda.grid(1)
    out[i] = coop.warp.sum(x[i])

# CHECK-NOT: __pyjit_coop
# CHECK-LABEL: .visible .entry k(
# CHECK-COUNT-5: shfl.sync.bfly.b32
# CHECK-NOT: shfl.sync
# CHECK-NOT: call
