# A lambda written as a value (called where it is written, or passed to a
# device function) is a nested def placed before its statement: the call
# inlines its body, as numba's closure is.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = (lambda v: v + 1)(a[0])

# CHECK-LABEL: func @k(
# CHECK: [[X:%[0-9]+]] = load %a[{{%[0-9]+}}] : float32
# CHECK-NEXT: [[ONE:%[0-9]+]] = const 1 : float32
# CHECK-NEXT: [[SUM:%[0-9]+]] = add [[X]], [[ONE]] : float32
# CHECK: store %a[{{%[0-9]+}}], [[SUM]]
# CHECK-NEXT: ret
