# `range(start, stop)`: the induction variable starts at start, the header
# tests i < stop, and the latch adds 1.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, lo, hi):
    for i in range(lo, hi):
        a[i] = 0

# The trip count is computed once, before the loop (uint64: exact for any
# bounds); a counter runs up to it beside the loop variable.
# CHECK-LABEL: func @k(
# CHECK: [[ONE:%[0-9]+]] = const 1 : int64
# CHECK: [[N:%[0-9]+]] = select {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}} : uint64
# CHECK: [[HEADER:bb[0-9]+]]:  ; preds: bb0 [[LATCH:bb[0-9]+]]
# CHECK-DAG: [[K:%[0-9]+]] = phi {{.*}} : uint64
# CHECK-DAG: [[I:%[0-9]+]] = phi [%lo, bb0], {{\[}}[[NEXT:%[0-9]+]], [[LATCH]]] : int64
# CHECK: cmp lt [[K]], [[N]] : bool
# CHECK: [[NEXT]] = add [[I]], [[ONE]] : int64
# CHECK-NEXT: const 1 : uint64
# CHECK-NEXT: add [[K]], {{%[0-9]+}} : uint64
# CHECK-NEXT: br [[HEADER]]
