# `not x` gives a bool: a number is first tested against zero (a cast to
# bool), then negated.
#
# RUN: %pyjitc %s --sig 'k(bool[::1], int32, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, i, x):
    out[0] = not i
    out[1] = not x

# CHECK-LABEL: func @k(
# CHECK: [[B:%[0-9]+]] = cast %i : int32 -> bool
# CHECK-NEXT: [[N:%[0-9]+]] = not [[B]] : bool
# CHECK: store %out[{{%[0-9]+}}], [[N]]
# CHECK: [[C:%[0-9]+]] = cast %x : float32 -> bool
# CHECK-NEXT: not [[C]] : bool
