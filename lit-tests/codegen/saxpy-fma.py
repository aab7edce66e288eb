# The float32 saxpy body `a * x[i] + y[i]` contracts to one fma.rn.f32 and
# nothing in the kernel is computed in double precision.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'saxpy(float32[::1], float32[::1], float32[::1], float32)' --emit=ptx | FileCheck %s
# RUN: %pyjitc %s --sig 'saxpy(float32[::1], float32[::1], float32[::1], float32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def saxpy(out, x, y, a):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]

# CHECK: .target sm_90
# CHECK-LABEL: .visible .entry saxpy(
# CHECK-NOT: .f64
# CHECK: fma.rn.f32
# CHECK-NOT: .f64
# CHECK: ret;
