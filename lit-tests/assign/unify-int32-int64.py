# A local assigned an int32 argument and an int64 value unifies to int64.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int32, int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, i, j):
    v = i
    if j > 0:
        v = j
    out[0] = v

# CHECK-LABEL: func @k(
# CHECK: [[I:%[0-9]+]] = cast %i : int32 -> int64
# CHECK: [[V:%[0-9]+]] = phi {{\[}}[[I]], bb0], [%j, {{bb[0-9]+}}] : int64
# CHECK: store %out[{{%[0-9]+}}], [[V]]
