# `for v in (1, 2, 3)` over a tuple is unrolled: no loop header or phi,
# one copy of the body per element, each using its own constant.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    for v in (1, 2, 3):
        out[v] = v * 10

# CHECK-LABEL: func @k(
# CHECK-NOT: phi
# CHECK-NOT: condbr
# CHECK-DAG: [[V1:%[0-9]+]] = const 1 : int64
# CHECK-DAG: [[V2:%[0-9]+]] = const 2 : int64
# CHECK-DAG: [[V3:%[0-9]+]] = const 3 : int64
# CHECK-DAG: [[P1:%[0-9]+]] = const 10 : int64
# CHECK-DAG: store %out[[[V1]]], [[P1]]
# CHECK-DAG: [[P2:%[0-9]+]] = const 20 : int64
# CHECK-DAG: store %out[[[V2]]], [[P2]]
# CHECK-DAG: [[P3:%[0-9]+]] = const 30 : int64
# CHECK-DAG: store %out[[[V3]]], [[P3]]
# CHECK-NOT: phi
# CHECK-NOT: condbr
