# `for x, y in zip(*t)` spreads the tuple into zip()'s arguments (numba takes
# it): t is evaluated once, into a temporary, and the loop walks t[0] and
# t[1] together as zip(t[0], t[1]) would.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, b):
    s = 0.0
    for x, y in zip(*(a, b)):
        s += x * y
    a[0] = s

# CHECK-LABEL: func @k(
# CHECK-DAG: shape 0 %a : int64
# CHECK-DAG: shape 0 %b : int64
# CHECK: [[N:%[0-9]+]] = min {{.*}} : uint64
# CHECK: cmp lt {{.*}}, [[N]] : bool
# CHECK: load %a[{{.*}}] : float64
# CHECK: load %b[{{.*}}] : float32
