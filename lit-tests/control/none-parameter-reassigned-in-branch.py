# `if scale is None: scale = 2.0` on a None parameter: the branch always
# runs, so the float assignment alone reaches the read and is a variable of
# its own (the parameter keeps type none). In an `and` chain, a test decided
# by a None parameter ends the chain: `x < lo` is never typed.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], none)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def clamp(x, lo=None):
    if lo is not None and x < lo:
        x = lo
    return x


@cuda.jit
def k(a, scale):
    if scale is None:
        scale = 2.0
    a[0] = clamp(a[0]) * scale

# CHECK-LABEL: func @k(
# CHECK-NOT: cmp
# CHECK: [[X:%[0-9]+]] = load %a
# CHECK-NOT: cmp
# CHECK: mul [[X]], {{%[0-9]+}} : float64
# CHECK: ret
