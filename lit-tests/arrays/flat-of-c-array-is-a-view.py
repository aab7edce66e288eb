# a.flat of a C-contiguous array is a 1-d view of its size (a reshape):
# indexed like any 1-d array, no unravelling.
#
# RUN: %pyjitc %s --sig 'k(float64[:, ::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, i):
    a.flat[i] = 2.0

# CHECK-LABEL: func @k(
# CHECK: [[V:%[0-9]+]] = reshape %a, {{%[0-9]+}} : array(float64, 1d, C)
# CHECK-NOT: floordiv
# CHECK: store [[V]][{{%[0-9]+}}]
