# Arrays of every dtype: the IR array type names the dtype, the dimension
# count and the layout (C for [::1], A for [:]).
#
# RUN: %pyjitc %s --sig 'k(bool[::1], int8[:], uint16[:, ::1], int64[:, :, :], float16[::1], float64[:, :])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, b, c, d, e, f):
    pass

# CHECK: func @k(%a: array(bool, 1d, C), %b: array(int8, 1d, A), %c: array(uint16, 2d, C), %d: array(int64, 3d, A), %e: array(float16, 1d, C), %f: array(float64, 2d, A)) -> none {
