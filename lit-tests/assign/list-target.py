# `[x, y] = p` assigns as `x, y = p` (CPython compiles both alike), in an
# assignment and as a loop target.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], UniTuple(float64, 2))' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, p):
    [x, y] = p
    for [i, j] in ((1, 2.0), (3, 4.0)):
        a[i] = x * j
    a[0] = y

# CHECK-LABEL: func @k(%a: array(float64, 1d, C), %p.0: float64, %p.1: float64)
# CHECK-DAG: [[ONE:%[0-9]+]] = const 1 : int64
# CHECK-DAG: [[TWO:%[0-9]+]] = const 2 : float64
# CHECK-DAG: [[THREE:%[0-9]+]] = const 3 : int64
# CHECK-DAG: [[FOUR:%[0-9]+]] = const 4 : float64
# CHECK: [[M1:%[0-9]+]] = mul %p.0, [[TWO]] : float64
# CHECK-NEXT: store %a[[[ONE]]], [[M1]]
# CHECK-NEXT: [[M2:%[0-9]+]] = mul %p.0, [[FOUR]] : float64
# CHECK-NEXT: store %a[[[THREE]]], [[M2]]
# CHECK: store %a[{{%[0-9]+}}], %p.1
