# f(*t) of a built-in: the tuple is evaluated once into a temporary and
# spread into the arguments (numba: complex(*cmath.polar(z))).
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ir | FileCheck %s

import math

from pyjit import cuda


@cuda.jit
def k(a):
    t = (a[0], a[1])
    a[2] = math.hypot(*t)

# CHECK-LABEL: func @k(
# CHECK: [[X:%[0-9]+]] = load %a[{{%[0-9]+}}] : float64
# CHECK: [[Y:%[0-9]+]] = load %a[{{%[0-9]+}}] : float64
# CHECK: math.hypot [[X]], [[Y]]
# CHECK: ret
