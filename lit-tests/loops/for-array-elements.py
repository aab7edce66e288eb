# `for v in a` over a 1-d array yields the elements in order: an int64
# position from 0 to a.shape[0], and one load per iteration (no negative-
# index wrapping, the position is never negative).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64[:])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a):
    s = 0.0
    for v in a:
        s += v
    out[0] = s

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: array(float64, 1d, A)) -> none {
# CHECK: [[N:%[0-9]+]] = shape 0 %a : int64
# CHECK: [[T:%[0-9]+]] = select {{.*}} : uint64
# CHECK: [[HEADER:bb[0-9]+]]:  ; preds: bb0 [[LATCH:bb[0-9]+]]
# CHECK: [[K:%[0-9]+]] = phi {{.*}} : uint64
# CHECK-NEXT: [[P:%[0-9]+]] = phi {{.*}} : int64
# CHECK-NEXT: cmp lt [[K]], [[T]] : bool
# CHECK-NOT: select
# CHECK: [[V:%[0-9]+]] = load %a[[[P]]] : float64
# CHECK-NEXT: add {{%[0-9]+}}, [[V]] : float64
