# float16 arithmetic stays float16 (float16 is a compute type, not only
# storage).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float16, float16)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: float16, %b: float16) -> none {
# CHECK: [[S:%[0-9]+]] = add %a, %b : float16
# CHECK: [[D:%[0-9]+]] = cast [[S]] : float16 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[D]]
