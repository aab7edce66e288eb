# enumerate over a range: the value is the range's variable (2, 4, 6, ...)
# and the counter runs alongside it from 0.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, n):
    for i, v in enumerate(range(2, n, 2)):
        out[i] = v

# The counter counts up from 0: its negative-index wrap is folded away.

# CHECK-LABEL: func @k(
# CHECK-DAG: [[C0:%[0-9]+]] = const 0 : int64
# CHECK-DAG: [[START:%[0-9]+]] = const 2 : int64
# CHECK: [[T:%[0-9]+]] = select {{.*}} : uint64
# CHECK: [[K:%[0-9]+]] = phi {{.*}} : uint64
# CHECK-NEXT: [[V:%[0-9]+]] = phi {{\[}}[[START]], bb0], {{.*}} : int64
# CHECK-NEXT: [[I:%[0-9]+]] = phi {{\[}}[[C0]], bb0], {{.*}} : int64
# CHECK-NEXT: cmp lt [[K]], [[T]] : bool
# CHECK-NOT: select
# CHECK: store %out[[[I]]], [[V]]
