# zip of three iterables (an array, a range, an array) stops at the
# shortest: the header ANDs three tests.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, n):
    for x, i, y in zip(a, range(n), out):
        out[i] = x + y

# CHECK-LABEL: func @k(
# CHECK-DAG: [[NA:%[0-9]+]] = shape 0 %a : int64
# CHECK-DAG: [[NO:%[0-9]+]] = shape 0 %out : int64
# CHECK: [[PO:%[0-9]+]] = phi {{.*}} : int64
# CHECK-NEXT: [[I:%[0-9]+]] = phi {{.*}} : int64
# CHECK-NEXT: [[PA:%[0-9]+]] = phi {{.*}} : int64
# CHECK-NEXT: [[C1:%[0-9]+]] = cmp lt [[PA]], [[NA]] : bool
# CHECK-NEXT: [[C2:%[0-9]+]] = cmp lt [[I]], %n : bool
# CHECK-NEXT: [[C12:%[0-9]+]] = and [[C1]], [[C2]] : bool
# CHECK-NEXT: [[C3:%[0-9]+]] = cmp lt [[PO]], [[NO]] : bool
# CHECK-NEXT: [[C:%[0-9]+]] = and [[C12]], [[C3]] : bool
# CHECK-NEXT: condbr [[C]],
