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

# CHECK-LABEL: func @k(
# The int 1 is converted where it is defined (folded to a float64 constant).
# CHECK: [[ONEF:%[0-9]+]] = const 1 : float64
# CHECK: condbr {{%[0-9]+}}, [[THEN:bb[0-9]+]], [[MERGE:bb[0-9]+]]
# CHECK: [[THEN]]:
# CHECK-NEXT: [[F:%[0-9]+]] = const 2.5 : float64
# CHECK: [[MERGE]]:
# CHECK-NEXT: [[V:%[0-9]+]] = phi {{\[}}[[ONEF]], bb0], {{\[}}[[F]], [[THEN]]] : float64
# CHECK: store %out[{{%[0-9]+}}], [[V]]
