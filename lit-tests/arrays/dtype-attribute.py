# `a.dtype` stands for the array's dtype where a dtype is expected, e.g. the
# dtype of a local array.
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    tmp = cuda.local.array(4, a.dtype)
    tmp[0] = a[0]
    a[1] = tmp[0]

# CHECK-LABEL: func @k(
# CHECK: alloc local {{%[0-9]+}} : array(float64, 1d, C)
