# `a[:, None]` is a view of `a` with a dimension of extent 1 added: the slice
# view, then new_axis with bit 1 set (the second dimension of the result).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64[:, :])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, out):
    c = a[:, None]
    out[0, 0] = c[1, 0]

# CHECK-LABEL: func @k(
# CHECK: [[V:%[0-9]+]] = view %a
# CHECK-SAME: : array(float64, 1d, A)
# CHECK: [[N:%[0-9]+]] = new_axis [1] [[V]] : array(float64, 2d, A)
# CHECK: load [[N]]
