# A local assigned an int64 on one path and a float on another has the
# unification of both (numba): float64. The int is converted at its
# definition and the phi is float64.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x):
    v = 1
    if x > 0:
        v = 2.5
    out[0] = v
