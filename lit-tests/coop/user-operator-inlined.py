# A device function as the operator, on (value, index) tuples: generated
# inline (shuffles per tuple element, shared memory, barriers), not a call
# into the device library; ptxas accepts the PTX.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], int64[::1])' | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], int64[::1])' | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import coop, cuda


@cuda.jit(device=True)
def argmax(a, b):
    if b[0] > a[0] or (b[0] == a[0] and b[1] < a[1]):
        return b
    return a


@cuda.jit
def k(x, out):
    i = cuda.grid(1)
    v, where = coop.block.reduce((x[i], i), argmax)
    out[i] = where

# CHECK-NOT: __pyjit_coop
# CHECK-LABEL: .visible .entry k(
# CHECK-DAG: shfl.sync.down.b32
# CHECK-DAG: bar.sync
# CHECK-DAG: .shared .align 16 .b8 shared0[128];
# CHECK-DAG: .shared .align 16 .b8 shared1[256];
# CHECK-DAG: st.shared
# CHECK-DAG: ld.shared
