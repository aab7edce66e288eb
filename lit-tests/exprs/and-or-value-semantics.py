# `and`/`or` have Python's value semantics: `i and x` is i when i is false
# and x otherwise; the result is the unification of the operands
# (int32 and float32 -> float64), and x is only evaluated when needed.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int32, float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, i, x):
    out[0] = i and x

# CHECK-LABEL: func @k(
# CHECK: [[I:%[0-9]+]] = cast %i : int32 -> float64
# CHECK-NEXT: [[T:%[0-9]+]] = cast [[I]] : float64 -> bool
# CHECK-NEXT: condbr [[T]], [[RHS:bb[0-9]+]], [[MERGE:bb[0-9]+]]
# CHECK: [[MERGE]]:  ; preds: bb0 [[RHS]]
# CHECK-NEXT: [[R:%[0-9]+]] = phi {{\[}}[[I]], bb0], {{\[}}[[X:%[0-9]+]], [[RHS]]] : float64
# CHECK: store %out[{{%[0-9]+}}], [[R]]
# CHECK: [[RHS]]:
# CHECK-NEXT: [[X]] = cast %x : float32 -> float64
