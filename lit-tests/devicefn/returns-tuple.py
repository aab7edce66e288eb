# A device function can return a (heterogeneous) tuple, unpacked at the
# call: the quotient (int64) and the remainder (float32) reach their
# stores without any tuple value in the IR.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def split(n, x):
    return n // 2, x * 0.5


@cuda.jit
def k(out, n, x):
    q, h = split(n, x)
    out[0] = q
    out[1] = h

# CHECK-LABEL: func @k(
# CHECK: [[Q:%[0-9]+]] = floordiv %n, {{%[0-9]+}} : int64
# CHECK: [[H:%[0-9]+]] = mul %x, {{%[0-9]+}} : float32
# CHECK: [[QF:%[0-9]+]] = cast [[Q]] : int64 -> float32
# CHECK: store %out[{{%[0-9]+}}], [[QF]]
# CHECK: store %out[{{%[0-9]+}}], [[H]]
# CHECK-NOT: Tuple
