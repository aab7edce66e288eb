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

# zip stops at the shorter array: the trip count is the minimum of the two
# lengths, and each array keeps its own position.
# CHECK-LABEL: func @k(
# CHECK-DAG: [[NA:%[0-9]+]] = shape 0 %a : int64
# CHECK-DAG: [[NB:%[0-9]+]] = shape 0 %b : int64
# CHECK: [[TA:%[0-9]+]] = select {{.*}} : uint64
# CHECK: [[TB:%[0-9]+]] = select {{.*}} : uint64
# CHECK: [[N:%[0-9]+]] = min [[TA]], [[TB]] : uint64
# CHECK: [[K:%[0-9]+]] = phi {{.*}} : uint64
# CHECK-NEXT: [[PB:%[0-9]+]] = phi {{.*}} : int64
# CHECK-NEXT: [[PA:%[0-9]+]] = phi {{.*}} : int64
# CHECK-NEXT: [[C:%[0-9]+]] = cmp lt [[K]], [[N]] : bool
# CHECK-NEXT: condbr [[C]],
# CHECK: load %a[[[PA]]] : float32
# CHECK: load %b[[[PB]]] : int32
