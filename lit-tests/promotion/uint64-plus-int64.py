# uint64 with a signed integer has no common integer type: NumPy gives
# float64.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], uint64, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: uint64, %b: int64) -> none {
# CHECK-DAG: [[A:%[0-9]+]] = cast %a : uint64 -> float64
# CHECK-DAG: [[B:%[0-9]+]] = cast %b : int64 -> float64
# CHECK: [[S:%[0-9]+]] = add [[A]], [[B]] : float64
# CHECK: store %out[{{%[0-9]+}}], [[S]]
