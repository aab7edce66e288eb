# `and` of two comparisons is a bool (both operands are bool).
#
# RUN: %pyjitc %s --sig 'k(bool[::1], float32, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x, y):
    out[0] = x > 0 and y > 0

# CHECK-LABEL: func @k(
# CHECK: [[A:%[0-9]+]] = cmp gt %x, {{%[0-9]+}} : bool
# CHECK: phi {{\[}}[[A]], bb0], {{.*}} : bool
