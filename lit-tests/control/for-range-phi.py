# `for i in range(n)` becomes a header and a body (which ends with the
# increment): the induction variable and the loop-carried accumulator are
# phis in the header, fed by the entry and the body; the header compares
# i < n.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x, n):
    s = 0.0
    for i in range(n):
        s += x[i]
    out[0] = s

# CHECK-LABEL: func @k(
# CHECK: bb0:
# CHECK-DAG: [[S0:%[0-9]+]] = const 0 : float64
# CHECK-DAG: [[I0:%[0-9]+]] = const 0 : int64
# CHECK-DAG: [[ONE:%[0-9]+]] = const 1 : int64
# CHECK: [[N:%[0-9]+]] = select {{.*}} : uint64
# CHECK: br [[HEADER:bb[0-9]+]]
# CHECK: [[HEADER]]:  ; preds: bb0 [[BODY:bb[0-9]+]]
# CHECK-DAG: [[S:%[0-9]+]] = phi {{\[}}[[S0]], bb0], {{\[}}[[SNEXT:%[0-9]+]], [[BODY]]] : float64
# CHECK-DAG: [[I:%[0-9]+]] = phi {{\[}}[[I0]], bb0], {{\[}}[[INEXT:%[0-9]+]], [[BODY]]] : int64
# CHECK-DAG: [[K:%[0-9]+]] = phi {{.*}} : uint64
# CHECK: [[C:%[0-9]+]] = cmp lt [[K]], [[N]] : bool
# CHECK: condbr [[C]], [[BODY]], [[EXIT:bb[0-9]+]]
# CHECK: [[BODY]]:
# CHECK: [[X:%[0-9]+]] = load %x[[[I]]] : float32
# CHECK: [[XD:%[0-9]+]] = cast [[X]] : float32 -> float64
# CHECK: [[SNEXT]] = add [[S]], [[XD]] : float64
# CHECK: [[INEXT]] = add [[I]], [[ONE]] : int64
# CHECK: br [[HEADER]]
# CHECK: [[EXIT]]:
# CHECK: [[ST:%[0-9]+]] = cast [[S]] : float64 -> float32
# CHECK: store %out[{{%[0-9]+}}], [[ST]]
