# Two defs of one name in the two branches of an `if` decided when compiling:
# the taken branch's def is the one called, whichever branch it is (numba
# prunes the other before typing).
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda

FAST = True


@cuda.jit
def k(a):
    if FAST:
        def f(v):
            return v + 1.0
    else:
        def f(v):
            return v * 2.0
    a[0] = f(a[0])

# CHECK-LABEL: func @k(
# CHECK: [[V:%[0-9]+]] = load %a[{{%[0-9]+}}] : float64
# CHECK-NOT: mul
# CHECK: add [[V]], {{%[0-9]+}} : float64
# CHECK-NOT: mul
# CHECK: ret
