# A conditional expression on a constant condition folds to the chosen arm.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32)' --emit=ir | FileCheck %s

from pyjit import cuda

FAST = True


@cuda.jit
def k(a, x, y):
    a[0] = x if FAST else y

# CHECK-LABEL: func @k(
# CHECK-NOT: condbr
# CHECK-NOT: select
# CHECK-NOT: phi
# CHECK: store %a[{{%[0-9]+}}], %x
