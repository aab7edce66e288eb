# A weak float literal with an integer operand does not adapt (a float is
# a higher kind than an int): `i * 2.0` is float64, as in NumPy.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, i):
    out[0] = i * 2.0

# CHECK-LABEL: func @k(
# CHECK: [[I:%[0-9]+]] = cast %i : int32 -> float64
# CHECK-NEXT: [[M:%[0-9]+]] = mul [[I]], {{%[0-9]+}} : float64
# CHECK: store %out[{{%[0-9]+}}], [[M]]
