# `break` in the inner of two nested loops leaves only the inner loop: it
# branches to the inner loop's exit, which continues the outer loop (its
# latch increments the outer variable).
#
# RUN: %pyjitc %s --sig 'k(float32[:, ::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, n):
    for i in range(n):
        for j in range(n):
            if a[i, j] < 0:
                break
            a[i, j] = 1

# The inner loop's exit is reached from the inner header and from the
# break, and continues the outer loop (i + 1, back to the outer header).

# CHECK-LABEL: func @k(
# CHECK: [[OHEAD:bb[0-9]+]]:  ; preds: bb0 [[IEXIT:bb[0-9]+]]
# CHECK-NEXT: phi {{.*}} : uint64
# CHECK-NEXT: [[I:%[0-9]+]] = phi
# CHECK: [[IHEAD:bb[0-9]+]]:  ; preds: {{bb[0-9]+}} {{bb[0-9]+}}
# CHECK-NEXT: [[K:%[0-9]+]] = phi {{.*}} : uint64
# CHECK-NEXT: [[J:%[0-9]+]] = phi
# CHECK-NEXT: cmp lt [[K]], {{%[0-9]+}} : bool
# CHECK-NEXT: condbr {{%[0-9]+}}, {{bb[0-9]+}}, [[IEXIT]]
# CHECK: load %a
# CHECK: condbr {{%[0-9]+}}, [[BREAK:bb[0-9]+]], [[STORE:bb[0-9]+]]
# CHECK: [[IEXIT]]:  ; preds: [[IHEAD]] [[BREAK]]
# CHECK-NEXT: add [[I]], {{%[0-9]+}} : int64
# CHECK: br [[OHEAD]]
# CHECK: [[BREAK]]:
# CHECK-NEXT: br [[IEXIT]]
# CHECK: [[STORE]]:
# CHECK: store %a
# CHECK-NEXT: add [[J]], {{%[0-9]+}} : int64
# CHECK: br [[IHEAD]]
