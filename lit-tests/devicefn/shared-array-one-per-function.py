# A cuda.shared.array declared in a device function is one allocation of
# the kernel however many places call the function, as numba-cuda compiles
# the function once with one shared array: both inlined calls use the one
# 8-byte array (one block-wide total, carried from the first call to the
# second).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float64[::1], float64[::1], float64[::1])' --emit=ptx | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float64[::1], float64[::1], float64[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda, float64


@cuda.jit(device=True)
def running_total(v, reset):
    tot = cuda.shared.array(1, float64)
    if reset and cuda.threadIdx.x == 0:
        tot[0] = 0.0
    cuda.syncthreads()
    cuda.atomic.add(tot, 0, v)
    cuda.syncthreads()
    return tot[0]


@cuda.jit
def k(x, y, out):
    t = cuda.threadIdx.x
    running_total(x[t], t >= 0)
    out[t] = running_total(y[t], t < 0)

# CHECK: .shared .align 16 .b8 [[TOT:shared[0-9]+]][8];
# CHECK-NOT: .shared .align
# CHECK: atom.shared.add.f64 {{.*}}[[[TOT]]]
# CHECK: atom.shared.add.f64 {{.*}}[[[TOT]]]
