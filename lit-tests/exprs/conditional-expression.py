# `x if c else y` evaluates only the chosen arm (branches, not a select of
# both) and has the unification of the arms' types: float32 and float64
# give float64.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float32, float64, bool)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x, y, c):
    out[0] = x if c else y

# CHECK-LABEL: func @k(
# CHECK: condbr %c, [[THEN:bb[0-9]+]], [[ELSE:bb[0-9]+]]
# CHECK: [[THEN]]:
# CHECK-NEXT: [[XD:%[0-9]+]] = cast %x : float32 -> float64
# CHECK: [[MERGE:bb[0-9]+]]:  ; preds: [[THEN]] [[ELSE]]
# CHECK-NEXT: [[R:%[0-9]+]] = phi {{\[}}[[XD]], [[THEN]]], [%y, [[ELSE]]] : float64
# CHECK: store %out[{{%[0-9]+}}], [[R]]
