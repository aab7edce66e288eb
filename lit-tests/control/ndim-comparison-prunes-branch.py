# `a.ndim == 2` compares two numbers known when compiling: decided then, and
# the branch not taken is neither typed (a[0] of a 2-d array would be a view,
# not a number) nor lowered, as numba prunes it.
#
# RUN: %pyjitc %s --sig 'k(float64[:, ::1], float64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, out):
    s = 0.0
    if a.ndim == 2:
        s = s + a[0, 0]
    else:
        s = s + a[0]
    out[0] = s

# CHECK-LABEL: func @k(
# CHECK-NOT: cmp
# CHECK: load %a[{{%[0-9]+}}, {{%[0-9]+}}] : float64
# CHECK-NOT: view
# CHECK: ret
