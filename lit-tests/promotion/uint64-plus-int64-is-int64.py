# uint64 with a signed integer computes in int64 (numba's choose_result_int:
# signed if any operand is), wrapping as the bits do; NumPy would give
# float64.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], uint64, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: uint64, %b: int64) -> none {
# CHECK: [[A:%[0-9]+]] = cast %a : uint64 -> int64
# CHECK-NEXT: [[S:%[0-9]+]] = add [[A]], %b : int64
# CHECK: [[F:%[0-9]+]] = cast [[S]] : int64 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[F]]
