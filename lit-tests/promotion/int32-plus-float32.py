# float32 cannot hold every int32 (24-bit significand): int32 + float32 is
# float64 (NumPy).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int32, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: int32, %b: float32) -> none {
# CHECK-DAG: [[A:%[0-9]+]] = cast %a : int32 -> float64
# CHECK-DAG: [[B:%[0-9]+]] = cast %b : float32 -> float64
# CHECK: [[S:%[0-9]+]] = add [[A]], [[B]] : float64
# CHECK: store %out[{{%[0-9]+}}], [[S]]
