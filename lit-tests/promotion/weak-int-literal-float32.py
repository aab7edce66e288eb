# A Python int literal is weak: with a float32 operand it becomes float32,
# so `x * 2` multiplies in float32 (numba.cuda would use float64).
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = x * 2

# CHECK-LABEL: func @k(
# CHECK: [[LF:%[0-9]+]] = const 2 : float32
# CHECK-NEXT: [[M:%[0-9]+]] = mul %x, [[LF]] : float32
# CHECK: store %out[{{%[0-9]+}}], [[M]]
# CHECK-NOT: float64
