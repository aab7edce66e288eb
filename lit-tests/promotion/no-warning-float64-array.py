# No float64 warning when the kernel has a float64 array: float64 is then
# what the user asked for.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float32)' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x):
    s = 2.0
    out[0] = x * s

# CHECK-NOT: warning
# CHECK: func @k(
# CHECK-NOT: warning
