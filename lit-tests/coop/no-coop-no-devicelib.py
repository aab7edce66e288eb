# A kernel that uses no pyjit.coop primitive declares nothing of the device
# library, so nvJitLink is not given it.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' | FileCheck %s

from pyjit import coop, cuda


@cuda.jit
def k(x, out):
    i = cuda.grid(1)
    out[i] = x[i] * 2.0

# CHECK-LABEL: .visible .entry k(
# CHECK-NOT: __pyjit_coop
