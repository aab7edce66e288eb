# abs() keeps the type of a float (float32 stays float32) and of an int64.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64[::1], float32, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(fout, iout, x, n):
    fout[0] = abs(x)
    iout[0] = abs(n)

# CHECK-LABEL: func @k(
# CHECK: [[A:%[0-9]+]] = abs %x : float32
# CHECK: store %fout[{{%[0-9]+}}], [[A]]
# CHECK: [[B:%[0-9]+]] = abs %n : int64
# CHECK: store %iout[{{%[0-9]+}}], [[B]]
