# `a, b = b, a` swaps: the right side is evaluated before either name is
# rebound, so out[0] gets the old b and out[1] the old a (no copies).
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x, y):
    a = x
    b = y
    a, b = b, a
    out[0] = a
    out[1] = b

# CHECK-LABEL: func @k(
# CHECK: store %out[{{%[0-9]+}}], %y
# CHECK: store %out[{{%[0-9]+}}], %x
