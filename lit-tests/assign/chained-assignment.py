# `a = b = e` evaluates e once and binds both names to that value: both
# stores use the same SSA value.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x):
    p = q = x * x
    out[0] = p
    out[1] = q

# CHECK-LABEL: func @k(
# CHECK: [[V:%[0-9]+]] = mul %x, %x : float32
# CHECK-NOT: mul
# CHECK: store %out[{{%[0-9]+}}], [[V]]
# CHECK: store %out[{{%[0-9]+}}], [[V]]
