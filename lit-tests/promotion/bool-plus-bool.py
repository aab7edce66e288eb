# bool + bool is integer arithmetic: int64 (numba; Python gives an int).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], bool, bool)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: bool, %b: bool) -> none {
# CHECK-DAG: [[A:%[0-9]+]] = cast %a : bool -> int64
# CHECK-DAG: [[B:%[0-9]+]] = cast %b : bool -> int64
# CHECK: [[S:%[0-9]+]] = add [[A]], [[B]] : int64
# CHECK: [[D:%[0-9]+]] = cast [[S]] : int64 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[D]]
