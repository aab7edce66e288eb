# A tuple whose elements share one scalar type (numba's UniTuple) takes a
# run-time index: the index wraps like Python's, then a chain of selects
# picks the element.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float64[::1], int64)' --emit=ir | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float64[::1], int64)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, i):
    t = (1.0, 2.0, 4.0)
    a[0] = t[i]

# CHECK-LABEL: func @k(
# CHECK: [[NEG:%[0-9]+]] = cmp lt %i, {{%[0-9]+}} : bool
# CHECK: [[W:%[0-9]+]] = select [[NEG]], {{%[0-9]+}}, %i : int64
# CHECK: cmp eq [[W]], {{%[0-9]+}} : bool
# CHECK: select
# CHECK: cmp eq [[W]], {{%[0-9]+}} : bool
# CHECK: [[R:%[0-9]+]] = select
# CHECK: store %a[{{%[0-9]+}}], [[R]]
