# float16 cannot hold every int16 (11-bit significand), float32 can:
# int16 + float16 is float32 (NumPy).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int16, float16)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: int16, %b: float16) -> none {
# CHECK-DAG: [[A:%[0-9]+]] = cast %a : int16 -> float32
# CHECK-DAG: [[B:%[0-9]+]] = cast %b : float16 -> float32
# CHECK: [[S:%[0-9]+]] = add [[A]], [[B]] : float32
# CHECK: [[D:%[0-9]+]] = cast [[S]] : float32 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[D]]
