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
