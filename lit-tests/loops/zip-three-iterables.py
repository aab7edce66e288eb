# zip of three iterables (an array, a range, an array) stops at the
# shortest: the header ANDs three tests.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, n):
    for x, i, y in zip(a, range(n), out):
        out[i] = x + y

# The trip count is the minimum of the three lengths; each stream keeps its
# own position.
# CHECK-LABEL: func @k(
# CHECK-DAG: [[NA:%[0-9]+]] = shape 0 %a : int64
# CHECK-DAG: [[NO:%[0-9]+]] = shape 0 %out : int64
# CHECK: [[M:%[0-9]+]] = min {{%[0-9]+}}, {{%[0-9]+}} : uint64
# CHECK: [[N:%[0-9]+]] = min [[M]], {{%[0-9]+}} : uint64
# CHECK: [[K:%[0-9]+]] = phi {{.*}} : uint64
# CHECK-NEXT: [[PO:%[0-9]+]] = phi {{.*}} : int64
# CHECK-NEXT: [[I:%[0-9]+]] = phi {{.*}} : int64
# CHECK-NEXT: [[PA:%[0-9]+]] = phi {{.*}} : int64
# CHECK-NEXT: [[C:%[0-9]+]] = cmp lt [[K]], [[N]] : bool
# CHECK-NEXT: condbr [[C]],
# CHECK: load %a[[[PA]]]
# CHECK: load %out[[[PO]]]
# CHECK: store %out[[[I]]]
