# The six comparison operators give bool, comparing in the promoted type of
# the operands (int32 with float32 compares as float64).
#
# RUN: %pyjitc %s --sig 'k(bool[::1], int32, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, i, x):
    out[0] = i == x
    out[1] = i != x
    out[2] = i < x
    out[3] = i <= x
    out[4] = i > x
    out[5] = i >= x

# CHECK-LABEL: func @k(
# CHECK: cmp eq {{%[0-9]+}}, {{%[0-9]+}} : bool
# CHECK: cmp ne {{%[0-9]+}}, {{%[0-9]+}} : bool
# CHECK: cmp lt {{%[0-9]+}}, {{%[0-9]+}} : bool
# CHECK: cmp le {{%[0-9]+}}, {{%[0-9]+}} : bool
# CHECK: cmp gt {{%[0-9]+}}, {{%[0-9]+}} : bool
# CHECK: cmp ge {{%[0-9]+}}, {{%[0-9]+}} : bool
# CHECK-NOT: -> float32
