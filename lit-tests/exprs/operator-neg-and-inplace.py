# operator.neg(x) is -x (an int8 negated in its own width, as numba's unary
# minus; a bool as an int), and operator.iadd(a, b) and the other in-place
# forms are a + b ... for numbers, which are immutable.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int8, float64, bool)' --emit=ir | FileCheck %s

import operator
from operator import iadd, neg

from pyjit import cuda


@cuda.jit
def k(out, s, x, flag):
    out[0] = neg(s)
    out[1] = operator.neg(x)
    out[2] = operator.neg(flag)
    out[3] = iadd(out[0], out[1])
    out[4] = operator.ilshift(out[2], 3)

# CHECK-LABEL: func @k(
# CHECK: [[N:%[0-9]+]] = neg %s : int8
# CHECK: cast [[N]] : int8 -> int64
# CHECK: neg %x : float64
# CHECK: [[B:%[0-9]+]] = cast %flag : bool -> int64
# CHECK: neg [[B]] : int64
# CHECK: add {{.*}} : int64
# CHECK: shl {{.*}} : int64
