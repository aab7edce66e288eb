# uint64 + uint64 stays uint64 (no conversion).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], uint64, uint64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: uint64, %b: uint64) -> none {
# CHECK: [[S:%[0-9]+]] = add %a, %b : uint64
# CHECK: [[D:%[0-9]+]] = cast [[S]] : uint64 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[D]]
