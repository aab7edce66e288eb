# A weak float literal with a float16 operand becomes float16 (NEP 50):
# `h * 0.5` multiplies in float16.
#
# RUN: %pyjitc %s --sig 'k(float16[::1], float16)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, h):
    out[0] = h * 0.5

# CHECK-LABEL: func @k(
# CHECK: [[L:%[0-9]+]] = const 0.5 : float64
# CHECK-NEXT: [[LH:%[0-9]+]] = cast [[L]] : float64 -> float16
# CHECK-NEXT: [[M:%[0-9]+]] = mul %h, [[LH]] : float16
# CHECK: store %out[{{%[0-9]+}}], [[M]]
