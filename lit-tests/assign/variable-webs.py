# A name whose assignments reach no common read is one variable per web of
# assignments and reads (numba's SSA versions): v is a 2-tuple in the first
# loop and a 3-tuple in the second, t an int64 (an index) then a float64.
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(res):
    for v in ((1, 2), (3, 4)):
        res[0] += v[1]
    for v in ((1, 2, 3),):
        res[1] += v[2]
    t = 2
    res[t] = 1.0       # an index: t is int64 here
    t = 2.5
    res[3] = t * res[0]  # float64 here

# CHECK-LABEL: func @k(
# CHECK: [[TWO:%[0-9]+]] = const 2 : int64
# CHECK: store %res[[[TWO]]], {{%[0-9]+}}
# CHECK: [[T:%[0-9]+]] = const 2.5 : float64
# CHECK: mul [[T]], {{%[0-9]+}} : float64
# CHECK: ret
