# Assigning a number to a slice stores it into every element of the view
# (numba's setitem on a slice): a loop over the view's extent.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    a[1:3] = 0

# CHECK-LABEL: func @k(
# CHECK: [[V:%[0-9]+]] = view %a
# CHECK: [[Z:%[0-9]+]] = const 0 : float32
# CHECK: shape 0 [[V]]
# CHECK: store [[V]][{{%[0-9]+}}], [[Z]]
