# fma=False (numba.cuda's option; pyjitc --fma=false): a * x + y stays a
# multiply and an add, rounded twice, even with fastmath's `contract`.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32, float32)' --emit=ptx --fma=false | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32, float32)' --emit=ptx --fma=false --fastmath | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(r, a, x, y):
    r[0] = a * x + y

# CHECK-LABEL: .visible .entry k(
# CHECK-NOT: fma.rn
# CHECK: mul{{.*}}.f32
# CHECK-NOT: fma.rn
# CHECK: add{{.*}}.f32
# CHECK-NOT: fma.rn
# CHECK: ret;
