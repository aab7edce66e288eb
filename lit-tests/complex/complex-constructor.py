# complex(a, b) builds a complex from two numbers; like Python's complex it
# is complex128 (float32 parts are widened).
#
# RUN: %pyjitc %s --sig 'k(complex128[::1], float32, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x, n):
    out[0] = complex(x, n)

# CHECK-LABEL: func @k(
# CHECK-DAG: [[X:%[0-9]+]] = cast %x : float32 -> float64
# CHECK-DAG: [[N:%[0-9]+]] = cast %n : int64 -> float64
# CHECK: [[C:%[0-9]+]] = complex [[X]], [[N]] : complex128
# CHECK: store %out[{{%[0-9]+}}], [[C]]
