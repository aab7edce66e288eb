# A view of a C array stays C only when it is contiguous: integers, then a
# slice of step 1, then dimensions kept whole. A stepped slice, a slice
# before a bounded slice, or an integer after a slice make layout A.
#
# RUN: %pyjitc %s --sig 'k(float64[:, ::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    a[1:3][0, 0] = 1.0
    a[1:3, :][0, 0] = 2.0
    a[1, 1:2][0] = 3.0
    a[::2][0, 0] = 4.0
    a[::-1][0, 0] = 5.0
    a[:, 1:3][0, 0] = 6.0
    a[1:3, 0][0] = 7.0

# CHECK-LABEL: func @k(
# CHECK: view %a, {{.*}} : array(float64, 2d, C)
# CHECK: view %a, {{.*}} : array(float64, 2d, C)
# CHECK: view %a, {{.*}} : array(float64, 1d, C)
# CHECK: view %a, {{.*}} : array(float64, 2d, A)
# CHECK: view %a, {{.*}} : array(float64, 2d, A)
# CHECK: view %a, {{.*}} : array(float64, 2d, A)
# CHECK: view %a, {{.*}} : array(float64, 1d, A)
