# Dead-code removal: a value computed but never used (t) leaves no
# instruction in --emit=ir.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, x):
    t = x * 3.0
    a[0] = x

# CHECK-LABEL: func @k(
# CHECK-NOT: mul
# CHECK-NOT: const 3
# CHECK: store %a[{{%[0-9]+}}], %x
# CHECK-NEXT: ret
