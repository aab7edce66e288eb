# A step known only at run time: the trip count is taken upward for a
# positive step and downward for a negative one; a zero step runs no
# iteration (instead of looping forever).
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, n, s):
    t = 0
    for i in range(n, 0, s):
        t += i
    out[0] = t

# With a run-time step the trip count picks the direction by the step's
# sign; a zero step (a ValueError in Python) gives no iteration, and the
# divisor is never zero.
# CHECK-LABEL: func @k(
# CHECK: [[UP:%[0-9]+]] = cmp gt %s, [[Z:%[0-9]+]] : bool
# CHECK: [[LO:%[0-9]+]] = select [[UP]], %n, {{%[0-9]+}} : int64
# CHECK: [[HI:%[0-9]+]] = select [[UP]], {{%[0-9]+}}, %n : int64
# CHECK: [[NE:%[0-9]+]] = cmp lt [[LO]], [[HI]] : bool
# CHECK: [[NZ:%[0-9]+]] = cmp ne %s, [[Z]] : bool
# CHECK: [[GO:%[0-9]+]] = select [[NZ]], [[NE]], {{%[0-9]+}} : bool
# CHECK: [[MAG:%[0-9]+]] = select [[UP]], {{%[0-9]+}}, {{%[0-9]+}} : uint64
# CHECK: [[DIV:%[0-9]+]] = select [[GO]], [[MAG]], {{%[0-9]+}} : uint64
# CHECK: floordiv {{%[0-9]+}}, [[DIV]] : uint64
# CHECK: [[N:%[0-9]+]] = select [[GO]], {{%[0-9]+}}, {{%[0-9]+}} : uint64
# CHECK: [[HEADER:bb[0-9]+]]:  ; preds: bb0 [[LATCH:bb[0-9]+]]
# CHECK: [[K:%[0-9]+]] = phi {{.*}} : uint64
# CHECK-NEXT: [[I:%[0-9]+]] = phi [%n, bb0], {{\[}}[[NEXT:%[0-9]+]], [[LATCH]]] : int64
# CHECK-NEXT: [[C:%[0-9]+]] = cmp lt [[K]], [[N]] : bool
# CHECK-NEXT: condbr [[C]],
# CHECK: [[NEXT]] = add [[I]], %s : int64
