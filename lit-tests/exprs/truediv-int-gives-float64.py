# `/` on integers is true division and gives float64 (both operands are
# converted first), even for int32 operands.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int32, int32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a / b

# CHECK-LABEL: func @k(
# CHECK-DAG: [[A:%[0-9]+]] = cast %a : int32 -> float64
# CHECK-DAG: [[B:%[0-9]+]] = cast %b : int32 -> float64
# CHECK: [[Q:%[0-9]+]] = truediv [[A]], [[B]] : float64
# CHECK: store %out[{{%[0-9]+}}], [[Q]]
# CHECK-NOT: floordiv
