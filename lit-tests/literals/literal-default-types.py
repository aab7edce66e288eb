# With nothing else to adapt to, an int literal is int64, a float literal
# float64 and a bool literal bool: a local initialised from each and later
# given an int8, a float32 and a bool unifies to int64, float64 and bool,
# and the literals appear in the phis with those types.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int8, float32, bool)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, n, x, c):
    i = 3
    f = 0.5
    b = True
    if x > 0:
        i = n
        f = x
        b = c
    out[0] = i
    out[1] = f
    out[2] = b

# CHECK-LABEL: func @k(
# CHECK-DAG: [[I:%[0-9]+]] = const 3 : int64
# CHECK-DAG: [[F:%[0-9]+]] = const 0.5 : float64
# CHECK-DAG: [[B:%[0-9]+]] = const True : bool
# CHECK-DAG: phi {{\[}}[[I]], bb0], {{.*}} : int64
# CHECK-DAG: phi {{\[}}[[F]], bb0], {{.*}} : float64
# CHECK-DAG: phi {{\[}}[[B]], bb0], {{.*}} : bool
