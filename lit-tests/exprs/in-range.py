# `x in range(stop)`: within the bounds (start <= x < stop for a positive
# step) and a whole number of steps from start, the remainder taken in
# uint64 by the step's magnitude.
#
# RUN: %pyjitc %s --sig 'k(bool[::1], int64, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x, n):
    out[0] = x in range(n)

# CHECK-LABEL: func @k(
# CHECK: [[LT:%[0-9]+]] = cmp lt %x, %n : bool
# CHECK: [[NEG:%[0-9]+]] = cmp lt %x, {{%[0-9]+}} : bool
# CHECK: [[GE:%[0-9]+]] = not [[NEG]] : bool
# CHECK: [[IN:%[0-9]+]] = select [[GE]], [[LT]], {{%[0-9]+}} : bool
# CHECK: [[REM:%[0-9]+]] = mod {{%[0-9]+}}, {{%[0-9]+}} : uint64
# CHECK: [[ON:%[0-9]+]] = cmp eq [[REM]], {{%[0-9]+}} : bool
# CHECK: [[R:%[0-9]+]] = select [[IN]], [[ON]], {{%[0-9]+}} : bool
# CHECK: store %out[{{%[0-9]+}}], [[R]]
