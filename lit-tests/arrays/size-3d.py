# a.size of a 3-d array is the product of its three extents (int64).
#
# RUN: %pyjitc %s --sig 'k(int64[::1], float32[:, :, ::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a):
    out[0] = a.size

# CHECK-LABEL: func @k(
# CHECK: [[S0:%[0-9]+]] = shape 0 %a : int64
# CHECK: [[S1:%[0-9]+]] = shape 1 %a : int64
# CHECK: [[P:%[0-9]+]] = mul [[S0]], [[S1]] : int64
# CHECK: [[S2:%[0-9]+]] = shape 2 %a : int64
# CHECK: [[Q:%[0-9]+]] = mul [[P]], [[S2]] : int64
# CHECK: store %out[{{%[0-9]+}}], [[Q]]
