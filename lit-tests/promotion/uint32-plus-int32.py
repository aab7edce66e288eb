# A signed operand makes the result signed: uint32 + int32 computes in
# int64 (numba's choose_result_int).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], uint32, int32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: uint32, %b: int32) -> none {
# CHECK-DAG: [[A:%[0-9]+]] = cast %a : uint32 -> int64
# CHECK-DAG: [[B:%[0-9]+]] = cast %b : int32 -> int64
# CHECK: [[S:%[0-9]+]] = add [[A]], [[B]] : int64
# CHECK: [[D:%[0-9]+]] = cast [[S]] : int64 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[D]]
