# Unsigned only if every operand is: uint8 + uint16 computes in uint64.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], uint8, uint16)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a + b

# CHECK-LABEL: func @k(%out: array(float64, 1d, C), %a: uint8, %b: uint16) -> none {
# CHECK-DAG: [[A:%[0-9]+]] = cast %a : uint8 -> uint64
# CHECK-DAG: [[B:%[0-9]+]] = cast %b : uint16 -> uint64
# CHECK: [[S:%[0-9]+]] = add [[A]], [[B]] : uint64
# CHECK: [[D:%[0-9]+]] = cast [[S]] : uint64 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[D]]
