# `while True:` with a `break`: the only way out of the loop is the break.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, n):
    i = 0
    while True:
        i += 1
        if i >= n:
            break
    a[0] = i

# The constant condition folds away: the loop has no test at its header,
# and the only way out is the break.
# CHECK-LABEL: func @k(
# CHECK: [[HEADER:bb[0-9]+]]:  ; preds: bb0 [[BACK:bb[0-9]+]]
# CHECK-NEXT: [[I:%[0-9]+]] = phi
# CHECK-NOT: condbr
# CHECK: [[INC:%[0-9]+]] = add [[I]], {{%[0-9]+}} : int64
# CHECK-NEXT: [[C:%[0-9]+]] = cmp ge [[INC]], %n : bool
# CHECK-NEXT: condbr [[C]], [[EXIT:bb[0-9]+]], [[BACK]]
# CHECK: [[EXIT]]:  ; preds: [[HEADER]]
# CHECK: store %a[{{%[0-9]+}}], [[INC]]
