# True division of a float32 by a weak int literal stays float32.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = x / 3

# CHECK-LABEL: func @k(
# CHECK: truediv %x, {{%[0-9]+}} : float32
# CHECK-NOT: float64
