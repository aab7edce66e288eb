# a.shape[1] is the second extent, an int64.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], float32[:, ::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a):
    out[0] = a.shape[1]

# CHECK-LABEL: func @k(
# CHECK: [[S:%[0-9]+]] = shape 1 %a : int64
# CHECK: store %out[{{%[0-9]+}}], [[S]]
