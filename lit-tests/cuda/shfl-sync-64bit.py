# A 64-bit value (float64 or int64) is shuffled as two 32-bit halves: two
# shfl.sync.b32 per call, and the result keeps the 64-bit type.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float64[::1], int64[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float64[::1], int64[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float64[::1], int64[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(d, n):
    d[1] = cuda.shfl_down_sync(0xffffffff, d[0], 1)
    n[1] = cuda.shfl_xor_sync(0xffffffff, n[0], 1)

# IR-LABEL: func @k(
# IR: cuda.shfl_down_sync {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}} : float64
# IR: cuda.shfl_xor_sync {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}} : int64

# PTX-LABEL: .visible .entry k(
# PTX: shfl.sync.down.b32
# PTX-NEXT: shfl.sync.down.b32
# PTX: shfl.sync.bfly.b32
# PTX-NEXT: shfl.sync.bfly.b32
