# A chained comparison `a < b <= c` is `a < b and b <= c`: the second test
# is only evaluated when the first holds (a branch), and the result is a
# bool phi.
#
# RUN: %pyjitc %s --sig 'k(bool[::1], int64, int64, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b, c):
    out[0] = a < b <= c

# CHECK-LABEL: func @k(
# CHECK: [[C1:%[0-9]+]] = cmp lt %a, %b : bool
# CHECK-NEXT: condbr [[C1]], [[SECOND:bb[0-9]+]], [[MERGE:bb[0-9]+]]
# CHECK: [[MERGE]]:  ; preds: bb0 [[SECOND]]
# CHECK-NEXT: [[R:%[0-9]+]] = phi {{\[}}[[C1]], bb0], {{\[}}[[C2:%[0-9]+]], [[SECOND]]] : bool
# CHECK: store %out[{{%[0-9]+}}], [[R]]
# CHECK: [[SECOND]]:
# CHECK-NEXT: [[C2]] = cmp le %b, %c : bool
