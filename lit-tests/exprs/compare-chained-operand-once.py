# In a chained comparison each operand is evaluated once: the middle
# operand a[i] is loaded once and used by both comparisons.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, i):
    if 0.0 <= a[i] < 1.0:
        a[i] = 0.5

# CHECK-LABEL: func @k(
# CHECK: [[V:%[0-9]+]] = load %a[{{%[0-9]+}}] : float32
# CHECK-NOT: load
# CHECK: cmp le {{%[0-9]+}}, [[V]] : bool
# CHECK-NOT: load
# CHECK: cmp lt [[V]], {{%[0-9]+}} : bool
