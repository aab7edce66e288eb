# len(t) of a tuple is a constant; len(a) of an array is its first extent
# (int64).
#
# RUN: %pyjitc %s --sig 'k(int64[::1], float32[:, :])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a):
    t = (1, 2.0, 7)
    out[0] = len(t)
    out[1] = len(a)

# CHECK-LABEL: func @k(
# CHECK: [[N:%[0-9]+]] = const 3 : int64
# CHECK: store %out[{{%[0-9]+}}], [[N]]
# CHECK: [[S:%[0-9]+]] = shape 0 %a : int64
# CHECK: store %out[{{%[0-9]+}}], [[S]]
