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

# CHECK-LABEL: func @k(
# CHECK: [[HEADER:bb[0-9]+]]:  ; preds: bb0 [[BACK:bb[0-9]+]]
# CHECK-NEXT: [[I:%[0-9]+]] = phi
# CHECK-NEXT: [[T:%[0-9]+]] = const True : bool
# CHECK-NEXT: condbr [[T]], [[BODY:bb[0-9]+]], [[EXIT:bb[0-9]+]]
# CHECK: [[INC:%[0-9]+]] = add [[I]], {{%[0-9]+}} : int64
# CHECK: cmp ge [[INC]], %n : bool
# CHECK-NEXT: condbr {{%[0-9]+}}, [[BREAK:bb[0-9]+]], [[BACK]]
# CHECK: [[EXIT]]:  ; preds: [[HEADER]] [[BREAK]]
# CHECK-NEXT: [[OUT:%[0-9]+]] = phi {{\[}}[[I]], [[HEADER]]], {{\[}}[[INC]], [[BREAK]]] : int64
# CHECK: store %a[{{%[0-9]+}}], [[OUT]]
