# Keyword arguments bind by name in any order: `axpy(y=x, x=b, a=c)` computes
# c * b + x.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def axpy(a, x, y):
    return a * x + y


@cuda.jit
def k(out, x, b, c):
    out[0] = axpy(y=x, x=b, a=c)

# CHECK-LABEL: func @k(
# CHECK: [[M:%[0-9]+]] = mul %c, %b : float32
# CHECK-NEXT: [[R:%[0-9]+]] = add [[M]], %x : float32
# CHECK: store %out[{{%[0-9]+}}], [[R]]
