# a.sum() is a loop over the elements in C order (nested per dimension),
# accumulating in the result type: int64 for an int16 array.
#
# RUN: %pyjitc %s --sig 'k(int16[:, ::1], int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, out):
    out[0] = a.sum()

# CHECK-LABEL: func @k(
# CHECK: shape 0 %a
# CHECK: shape 1 %a
# CHECK: [[V:%[0-9]+]] = load %a[{{%[0-9]+}}, {{%[0-9]+}}] : int16
# CHECK: cast [[V]] : int16 -> int64
# CHECK: add {{%[0-9]+}}, {{%[0-9]+}} : int64
