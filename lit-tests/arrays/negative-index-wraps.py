# A negative index counts from the end (a[-1] is the last element): the
# index is compared with 0 and, if negative, the extent is added.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, i):
    a[0] = a[i]

# CHECK-LABEL: func @k(
# CHECK: [[Z:%[0-9]+]] = const 0 : int64
# CHECK-NEXT: [[NEG:%[0-9]+]] = cmp lt %i, [[Z]] : bool
# CHECK-NEXT: [[N:%[0-9]+]] = shape 0 %a : int64
# CHECK-NEXT: [[W:%[0-9]+]] = add %i, [[N]] : int64
# CHECK-NEXT: [[IDX:%[0-9]+]] = select [[NEG]], [[W]], %i : int64
# CHECK-NEXT: load %a[[[IDX]]] : float32
