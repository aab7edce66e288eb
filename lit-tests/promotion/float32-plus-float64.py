# float32 + float64 is float64.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float32, float64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: float32, %b: float64) -> none {
# CHECK-DAG: [[A:%[0-9]+]] = cast %a : float32 -> float64
# CHECK: [[S:%[0-9]+]] = add [[A]], %b : float64
# CHECK: store %out[{{%[0-9]+}}], [[S]]
