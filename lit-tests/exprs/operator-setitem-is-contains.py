# operator.setitem(a, i, v) is a[i] = v, operator.is_not(y, None) is
# `y is not None` (the Optional's flag, not a constant), and
# operator.contains(t, x) is `x in t`: each argument evaluated once, in order.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64)' --emit=ir | FileCheck %s

import operator
from operator import contains, setitem

from pyjit import cuda


@cuda.jit
def k(out, x):
    y = None
    if x > 2.0:
        y = x
    setitem(out, 1, x)
    out[0] = operator.is_not(y, None)
    out[2] = contains((1.0, 4.0), x)

# CHECK-LABEL: func @k(
# CHECK: [[FLAG:%[0-9]+]] = phi [%{{[0-9]+}}, bb0], [%{{[0-9]+}}, bb1] : bool
# CHECK: store %out[{{%[0-9]+}}], %x
# CHECK: cast [[FLAG]] : bool -> float64
# CHECK: cmp eq %x, {{%[0-9]+}} : bool
# CHECK: cmp eq %x, {{%[0-9]+}} : bool
