# After inlining, the PTX has only the kernel entry: no .func for the
# device function and no call instruction.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ptx | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit(device=True)
def cube(v):
    return v * v * v


@cuda.jit
def k(out, x):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = cube(x)

# CHECK-NOT: .func
# CHECK-LABEL: .visible .entry k(
# CHECK-NOT: call
# CHECK: mul.f32
# CHECK: ret;
