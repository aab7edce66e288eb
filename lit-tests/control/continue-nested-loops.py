# `continue` in the inner of two nested for-loops goes to the inner loop's
# latch (next j), not the outer one.
#
# RUN: %pyjitc %s --sig 'k(float32[:, ::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, n):
    for i in range(n):
        for j in range(n):
            if a[i, j] < 0:
                continue
            a[i, j] = 1

# The inner latch (j + 1) is reached from the `continue` and from the end
# of the body; only the inner header's exit goes on to the outer loop.

# CHECK-LABEL: func @k(
# CHECK: [[OHEAD:bb[0-9]+]]:  ; preds: bb0 [[IEXIT:bb[0-9]+]]
# CHECK: [[IHEAD:bb[0-9]+]]:  ; preds: {{bb[0-9]+}} [[ILATCH:bb[0-9]+]]
# CHECK-NEXT: phi {{.*}} : uint64
# CHECK-NEXT: [[J:%[0-9]+]] = phi
# CHECK: condbr {{%[0-9]+}}, {{bb[0-9]+}}, [[IEXIT]]
# CHECK: condbr {{%[0-9]+}}, [[CONT:bb[0-9]+]], [[STORE:bb[0-9]+]]
# CHECK: [[ILATCH]]:  ; preds: [[CONT]] [[STORE]]
# CHECK-NEXT: add [[J]], {{%[0-9]+}} : int64
# CHECK: br [[IHEAD]]
# CHECK: [[IEXIT]]:  ; preds: [[IHEAD]]
# CHECK-NEXT: add
# CHECK: br [[OHEAD]]
# CHECK: [[CONT]]:
# CHECK-NEXT: br [[ILATCH]]
