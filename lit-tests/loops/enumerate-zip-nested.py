# enumerate and zip nest: `for i, (x, y) in enumerate(zip(a, b))` unpacks
# the counter and the pair.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1], float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        out[i] = x - y

# The counter counts up from 0: its negative-index wrap is folded away.

# CHECK-LABEL: func @k(
# CHECK: [[K:%[0-9]+]] = phi {{.*}} : uint64
# CHECK-NEXT: [[PB:%[0-9]+]] = phi {{.*}} : int64
# CHECK-NEXT: [[PA:%[0-9]+]] = phi {{.*}} : int64
# CHECK-NEXT: [[I:%[0-9]+]] = phi {{.*}} : int64
# CHECK: [[X:%[0-9]+]] = load %a[[[PA]]] : float32
# CHECK-NEXT: [[Y:%[0-9]+]] = load %b[[[PB]]] : float32
# CHECK-NEXT: [[D:%[0-9]+]] = sub [[X]], [[Y]] : float32
# CHECK-NOT: select
# CHECK: store %out[[[I]]], [[D]]
