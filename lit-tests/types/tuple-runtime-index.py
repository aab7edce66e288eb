# A tuple whose elements share one scalar type (numba's UniTuple) takes a
# run-time index: the index wraps like Python's, then a chain of selects
# on the index's comparisons picks the element.
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
# CHECK: [[IS1:%[0-9]+]] = cmp eq [[W]], {{%[0-9]+}} : bool
# CHECK: [[IS2:%[0-9]+]] = cmp eq [[W]], {{%[0-9]+}} : bool
# CHECK: [[S:%[0-9]+]] = select [[IS1]]
# CHECK: [[R:%[0-9]+]] = select [[IS2]], {{%[0-9]+}}, [[S]]
# CHECK: store %a[{{%[0-9]+}}], [[R]]
