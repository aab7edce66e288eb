# `for i, v in enumerate(a)` over a 1-d array: i counts from 0 (int64) and v
# is the element (float32) loaded at the same position; the loop runs
# a.shape[0] times.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a):
    for i, v in enumerate(a):
        out[i] = v

# The counter counts up from 0: its negative-index wrap is folded away.

# CHECK-LABEL: func @k(
# CHECK-DAG: [[C0:%[0-9]+]] = const 0 : int64
# CHECK-DAG: [[P0:%[0-9]+]] = const 0 : int64
# CHECK-DAG: [[N:%[0-9]+]] = shape 0 %a : int64
# CHECK: [[T:%[0-9]+]] = select {{.*}} : uint64
# CHECK: [[K:%[0-9]+]] = phi {{.*}} : uint64
# CHECK-NEXT: [[POS:%[0-9]+]] = phi {{\[}}[[P0]], bb0], {{.*}} : int64
# CHECK-NEXT: [[I:%[0-9]+]] = phi {{\[}}[[C0]], bb0], {{.*}} : int64
# CHECK-NEXT: cmp lt [[K]], [[T]] : bool
# CHECK: [[V:%[0-9]+]] = load %a[[[POS]]] : float32
# CHECK-NOT: select
# CHECK: store %out[[[I]]], [[V]]
