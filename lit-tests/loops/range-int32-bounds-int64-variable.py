# The loop variable of range() is int64 even when the bounds are int32:
# the bounds are widened and the induction phi is int64.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int32, int32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, lo, hi):
    for i in range(lo, hi):
        out[0] = i

# CHECK-LABEL: func @k(
# CHECK-DAG: [[LO:%[0-9]+]] = cast %lo : int32 -> int64
# CHECK-DAG: [[HI:%[0-9]+]] = cast %hi : int32 -> int64
# CHECK: cmp lt [[LO]], [[HI]] : bool
# CHECK: [[I:%[0-9]+]] = phi {{\[}}[[LO]], bb0], {{.*}} : int64
# CHECK: store %out[{{%[0-9]+}}], [[I]]
