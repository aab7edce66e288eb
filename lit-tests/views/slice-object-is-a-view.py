# a[s] of a slice object s is the view a[start:stop:step] of its three
# integers: numba's defaults stand for a None part (here the stop, for a
# positive step: INT64_MAX), which the view clamps to the extent.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, out, start):
    s = slice(start, None)
    v = a[s]
    out[0] = v[0]

# CHECK-LABEL: func @k(
# CHECK: [[ONE:%[0-9]+]] = const 1 : int64
# CHECK: [[MAX:%[0-9]+]] = const 9223372036854775807 : int64
# CHECK: = view %a, %start, [[MAX]], [[ONE]] : array(float64, 1d, A)
