# `range(10, 0, -3)` with a constant negative step counts down: the header
# tests i > stop (10, 7, 4, 1) and the latch adds -3.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    for i in range(10, 0, -3):
        a[i] = 0

# range(10, 0, -3) runs (10 - 0 - 1) // 3 + 1 = 4 times: the constant
# bounds fold to a constant trip count; the variable steps down by 3.
# CHECK-LABEL: func @k(
# CHECK-DAG: [[START:%[0-9]+]] = const 10 : int64
# CHECK-DAG: [[STEP:%[0-9]+]] = const -3 : int64
# CHECK-DAG: [[N:%[0-9]+]] = const 4 : uint64
# CHECK-NOT: floordiv
# CHECK: [[HEADER:bb[0-9]+]]:  ; preds: bb0 [[LATCH:bb[0-9]+]]
# CHECK: [[I:%[0-9]+]] = phi {{\[}}[[START]], bb0], {{\[}}[[NEXT:%[0-9]+]], [[LATCH]]] : int64
# CHECK: cmp lt {{%[0-9]+}}, [[N]] : bool
# CHECK: [[NEXT]] = add [[I]], [[STEP]] : int64
