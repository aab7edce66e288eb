# float16 holds every uint8 exactly: uint8 + float16 is float16.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], uint8, float16)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: uint8, %b: float16) -> none {
# CHECK-DAG: [[A:%[0-9]+]] = cast %a : uint8 -> float16
# CHECK: [[S:%[0-9]+]] = add [[A]], %b : float16
# CHECK: [[D:%[0-9]+]] = cast [[S]] : float16 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[D]]
