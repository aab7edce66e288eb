# `range(10, 0, -3)` with a constant negative step counts down: the header
# tests i > stop (10, 7, 4, 1) and the latch adds -3.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    for i in range(10, 0, -3):
        a[i] = 0

# CHECK-LABEL: func @k(
# CHECK-DAG: [[START:%[0-9]+]] = const 10 : int64
# CHECK-DAG: [[STOP:%[0-9]+]] = const 0 : int64
# CHECK-DAG: [[STEP:%[0-9]+]] = const -3 : int64
# CHECK: [[HEADER:bb[0-9]+]]:  ; preds: bb0 [[LATCH:bb[0-9]+]]
# CHECK-NEXT: [[I:%[0-9]+]] = phi {{\[}}[[START]], bb0], {{\[}}[[NEXT:%[0-9]+]], [[LATCH]]] : int64
# CHECK-NEXT: cmp gt [[I]], [[STOP]] : bool
# CHECK: [[NEXT]] = add [[I]], [[STEP]] : int64
# CHECK-NEXT: br [[HEADER]]
