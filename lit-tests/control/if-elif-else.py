# if/elif/else: each condition branches to its arm or to the next test, an
# elif is an if nested in the else arm, and the value assigned in the three
# arms (Python floats, so float64) meets in phis.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x):
    if x < 0.0:
        y = -1.0
    elif x == 0.0:
        y = 0.0
    else:
        y = 1.0
    out[0] = y

# CHECK-LABEL: func @k(
# CHECK: [[C1:%[0-9]+]] = cmp lt %x, {{%[0-9]+}} : bool
# CHECK-NEXT: condbr [[C1]], [[NEG:bb[0-9]+]], [[ELIF:bb[0-9]+]]
# CHECK: [[NEG]]:  ; preds: bb0
# CHECK: br [[MERGE:bb[0-9]+]]
# CHECK: [[ELIF]]:  ; preds: bb0
# CHECK: [[C2:%[0-9]+]] = cmp eq %x, {{%[0-9]+}} : bool
# CHECK-NEXT: condbr [[C2]], [[ZERO:bb[0-9]+]], [[POS:bb[0-9]+]]
# CHECK: [[MERGE]]:  ; preds: [[NEG]] [[INNER:bb[0-9]+]]
# CHECK-NEXT: [[Y:%[0-9]+]] = phi {{\[}}{{%[0-9]+}}, [[NEG]]], {{\[}}[[YIN:%[0-9]+]], [[INNER]]] : float64
# CHECK: [[YF:%[0-9]+]] = cast [[Y]] : float64 -> float32
# CHECK: store %out[{{%[0-9]+}}], [[YF]]
# CHECK: [[ZERO]]:  ; preds: [[ELIF]]
# CHECK: br [[INNER]]
# CHECK: [[POS]]:  ; preds: [[ELIF]]
# CHECK: br [[INNER]]
# CHECK: [[INNER]]:  ; preds: [[ZERO]] [[POS]]
# CHECK-NEXT: [[YIN]] = phi
# CHECK-NEXT: br [[MERGE]]
