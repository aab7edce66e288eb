# A device function with `scale=None`: `scale is None` is decided by the
# argument's type when compiling, and only the branch taken is typed and
# lowered (numba prunes the other), so `x * scale` is never typed with a
# None. A call with a value takes the other branch. `if FLAG:` on a False
# global is pruned the same way.
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda

FLAG = False


@cuda.jit(device=True)
def f(x, scale=None):
    if scale is None:
        return x + 1.0
    return x * scale


@cuda.jit
def k(a):
    if FLAG:
        a[0] = (1, 2) + 3  # never typed
    a[0] = f(a[0])
    a[1] = f(a[1], 3.0)

# CHECK-LABEL: func @k(
# CHECK: [[X:%[0-9]+]] = load %a
# CHECK: add [[X]], {{%[0-9]+}} : float64
# CHECK-NOT: mul [[X]]
# CHECK: [[Y:%[0-9]+]] = load %a
# CHECK: mul [[Y]], {{%[0-9]+}} : float64
# CHECK-NOT: add [[Y]]
# CHECK: ret
