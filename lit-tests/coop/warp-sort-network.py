# coop.warp.merge_sort_keys is a bitonic network: 15 butterfly shuffles of
# the value (and of each tuple element), inlined; ptxas accepts it.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1])' | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1])' | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import coop, cuda


@cuda.jit
def k(x):
    i = cuda.grid(1)
    x[i] = coop.warp.merge_sort_keys(x[i])

# CHECK-LABEL: .visible .entry k(
# CHECK-COUNT-15: shfl.sync.bfly.b32
# CHECK-NOT: shfl.sync
