# `for x, y in zip(a, b)` walks two 1-d arrays together and stops at the
# shorter one: the header tests both positions against both lengths.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float32[::1], int32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    s = 0.0
    for x, y in zip(a, b):
        s += x * y
    out[0] = s

# CHECK-LABEL: func @k(
# CHECK-DAG: [[NA:%[0-9]+]] = shape 0 %a : int64
# CHECK-DAG: [[NB:%[0-9]+]] = shape 0 %b : int64
# CHECK: [[PB:%[0-9]+]] = phi {{.*}} : int64
# CHECK-NEXT: [[PA:%[0-9]+]] = phi {{.*}} : int64
# CHECK-NEXT: [[CA:%[0-9]+]] = cmp lt [[PA]], [[NA]] : bool
# CHECK-NEXT: [[CB:%[0-9]+]] = cmp lt [[PB]], [[NB]] : bool
# CHECK-NEXT: [[C:%[0-9]+]] = and [[CA]], [[CB]] : bool
# CHECK-NEXT: condbr [[C]],
# CHECK: load %a[[[PA]]] : float32
# CHECK: load %b[[[PB]]] : int32
