# float32 holds every uint16: uint16 + float32 is float32.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], uint16, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: uint16, %b: float32) -> none {
# CHECK-DAG: [[A:%[0-9]+]] = cast %a : uint16 -> float32
# CHECK: [[S:%[0-9]+]] = add [[A]], %b : float32
# CHECK: [[D:%[0-9]+]] = cast [[S]] : float32 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[D]]
