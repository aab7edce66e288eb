# A bare `return` in a kernel ends it early: the guarded arm returns and
# the store after the `if` is only reached on the other edge.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, x):
    i = cuda.grid(1)
    if i >= a.size:
        return
    a[i] = x

# CHECK-LABEL: func @k(
# CHECK: [[N:%[0-9]+]] = shape 0 %a : int64
# CHECK: [[C:%[0-9]+]] = cmp ge {{%[0-9]+}}, [[N]] : bool
# CHECK-NEXT: condbr [[C]], [[EXIT:bb[0-9]+]], [[REST:bb[0-9]+]]
# CHECK: [[EXIT]]:  ; preds: bb0
# CHECK-NEXT: ret
# CHECK: [[REST]]:  ; preds: bb0
# CHECK: store %a[{{%[0-9]+}}], %x
# CHECK-NEXT: ret
