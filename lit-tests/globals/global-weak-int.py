# A module-level Python int is weak like a literal: with a float32 value it
# becomes float32 (no float64 arithmetic), with an int8 value the usual
# integer widening to int64 applies.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64[::1], float32, int8)' --emit=ir | FileCheck %s

from pyjit import cuda

K = 3


@cuda.jit
def k(out, iout, x, b):
    out[0] = x * K
    iout[0] = b + K

# CHECK-LABEL: func @k(
# CHECK: [[KF:%[0-9]+]] = const 3 : float32
# CHECK-NEXT: mul %x, [[KF]] : float32
# CHECK: [[B:%[0-9]+]] = cast %b : int8 -> int64
# CHECK: add [[B]], {{%[0-9]+}} : int64
