# `a or b` evaluates b only when a is false: the true edge of the test goes
# straight to the merge with a's value.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a or b

# CHECK-LABEL: func @k(
# CHECK: [[T:%[0-9]+]] = cast %a : int64 -> bool
# CHECK-NEXT: condbr [[T]], [[MERGE:bb[0-9]+]], [[RHS:bb[0-9]+]]
# CHECK: [[MERGE]]:
# CHECK-NEXT: [[R:%[0-9]+]] = phi [%a, bb0], [%b, [[RHS]]] : int64
# CHECK: store %out[{{%[0-9]+}}], [[R]]
