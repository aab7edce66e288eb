# float(i) converts an integer to float64 (Python's float), whatever its
# width.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int32, uint8)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, i, u):
    out[0] = float(i)
    out[1] = float(u)

# CHECK-LABEL: func @k(
# CHECK: [[F:%[0-9]+]] = cast %i : int32 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[F]]
# CHECK: [[G:%[0-9]+]] = cast %u : uint8 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[G]]
