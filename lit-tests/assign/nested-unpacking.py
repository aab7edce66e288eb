# Nested unpacking `(p, q), r = (e1, e2), e3` binds each name to its
# element, keeping each element's own type.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float32, int32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x, i):
    (p, q), r = (x, i), True
    out[0] = p
    out[1] = q
    out[2] = r

# CHECK-LABEL: func @k(
# CHECK: [[P:%[0-9]+]] = cast %x : float32 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[P]]
# CHECK: [[Q:%[0-9]+]] = cast %i : int32 -> float64
# CHECK: store %out[{{%[0-9]+}}], [[Q]]
# r is True, stored as 1.0 (the conversion of the constant is folded).
# CHECK: [[RF:%[0-9]+]] = const 1 : float64
# CHECK: store %out[{{%[0-9]+}}], [[RF]]
