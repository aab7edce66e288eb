# int64 + float32 is float64 (the widest float; NumPy).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int64, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: int64, %b: float32) -> none {
# CHECK-DAG: [[A:%[0-9]+]] = cast %a : int64 -> float64
# CHECK-DAG: [[B:%[0-9]+]] = cast %b : float32 -> float64
# CHECK: [[S:%[0-9]+]] = add [[A]], [[B]] : float64
# CHECK: store %out[{{%[0-9]+}}], [[S]]
