# Independent loads are issued first in their block, as nvcc does: the
# loads of S[i] and X[i], written after sqrt(T[i]), come before the sqrt
# (whose slow path ptxas does not schedule across), so their memory latency
# overlaps. A load never moves above a store: X[i] after `out[i] = ...` is
# loaded again after it.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1], float32[::1], float32[::1])' | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1], float32[::1], float32[::1])' | %ptxas -arch=sm_90 -o /dev/null -

import math
from pyjit import cuda


@cuda.jit
def k(out, S, X, T):
    i = cuda.grid(1)
    if i < out.size:
        r = math.sqrt(T[i])
        out[i] = r * S[i] / X[i]
        out[i] = out[i] + X[i]

# CHECK-LABEL: .entry k(
# CHECK-NOT: sqrt
# CHECK: ld.global.b32
# CHECK-NOT: sqrt
# CHECK: ld.global.b32
# CHECK-NOT: sqrt
# CHECK: ld.global.b32
# CHECK: sqrt.rn.f32
# CHECK: st.global.b32
# CHECK: ld.global.b32
# CHECK: st.global.b32
