# Constant folding of conversions: storing the int literal 7 into a float32
# array stores the float32 constant 7, with no cast instruction.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 7

# CHECK-LABEL: func @k(
# CHECK-NOT: cast
# CHECK: [[C:%[0-9]+]] = const 7 : float32
# CHECK: store %a[{{%[0-9]+}}], [[C]]
