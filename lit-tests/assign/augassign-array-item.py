# `a[i, j] += x` on an array element loads the element, adds in the
# element type (float32 with a weak literal) and stores back to the same
# (wrapped) indices.
#
# RUN: %pyjitc %s --sig 'k(float32[:, ::1], int64, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, i, j):
    a[i, j] += 2.0

# CHECK-LABEL: func @k(
# CHECK: [[I:%[0-9]+]] = select {{%[0-9]+}}, {{%[0-9]+}}, %i : int64
# CHECK: [[J:%[0-9]+]] = select {{%[0-9]+}}, {{%[0-9]+}}, %j : int64
# CHECK: [[V:%[0-9]+]] = load %a[[[I]], [[J]]] : float32
# CHECK: [[S:%[0-9]+]] = add [[V]], {{%[0-9]+}} : float32
# CHECK-NEXT: store %a[[[I]], [[J]]], [[S]]
# CHECK-NOT: float64
