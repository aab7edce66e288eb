# Integer arithmetic narrower than 64 bits computes in 64 bits (numba):
# int8 + int8 is an int64 add.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int8, int8)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: int8, %b: int8) -> none {
# CHECK-DAG: [[A:%[0-9]+]] = cast %a : int8 -> int64
# CHECK-DAG: [[B:%[0-9]+]] = cast %b : int8 -> int64
# CHECK: [[S:%[0-9]+]] = add [[A]], [[B]] : int64
# CHECK: [[D:%[0-9]+]] = cast [[S]] : int64 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[D]]
