# int32 arithmetic computes in int64 (numba's rule): both operands are cast
# to int64 before the add and the multiply, and the results are int64.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int32, int32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b * 3

# CHECK-LABEL: func @k(%out: array(int64, 1d, C), %a: int32, %b: int32) -> none {
# CHECK-DAG: [[THREE:%[0-9]+]] = const 3 : int64
# CHECK-DAG: [[B:%[0-9]+]] = cast %b : int32 -> int64
# CHECK: [[MUL:%[0-9]+]] = mul [[B]], [[THREE]] : int64
# CHECK: [[A:%[0-9]+]] = cast %a : int32 -> int64
# CHECK: [[ADD:%[0-9]+]] = add [[A]], [[MUL]] : int64
# CHECK-NOT: : int32
# CHECK: store %out[{{%[0-9]+}}], [[ADD]]
