# shfl_sync, shfl_up_sync, shfl_down_sync and shfl_xor_sync(mask, value,
# lane) return the value's type (float32 here, int32 for an int32) and
# lower to shfl.sync.idx/up/down/bfly.b32.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], int32[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], int32[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1], int32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(f, i):
    v = f[0]
    f[1] = cuda.shfl_sync(0xffffffff, v, 0)
    f[2] = cuda.shfl_up_sync(0xffffffff, v, 1)
    f[3] = cuda.shfl_down_sync(0xffffffff, v, 2)
    f[4] = cuda.shfl_xor_sync(0xffffffff, v, 4)
    i[1] = cuda.shfl_sync(0xffffffff, i[0], 5)

# IR-LABEL: func @k(
# IR: cuda.shfl_sync {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}} : float32
# IR: cuda.shfl_up_sync {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}} : float32
# IR: cuda.shfl_down_sync {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}} : float32
# IR: cuda.shfl_xor_sync {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}} : float32
# IR: cuda.shfl_sync {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}} : int32

# The lane clamp is 31 for idx/down/bfly and 0 for up (PTX ISA).
# PTX-LABEL: .visible .entry k(
# PTX: shfl.sync.idx.b32 {{.*}}, 0, 31, -1;
# PTX: shfl.sync.up.b32 {{.*}}, 1, 0, -1;
# PTX: shfl.sync.down.b32 {{.*}}, 2, 31, -1;
# PTX: shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
# PTX: shfl.sync.idx.b32 {{.*}}, 5, 31, -1;
