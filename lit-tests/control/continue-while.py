# `continue` in a while loop jumps back to the loop header (re-testing
# the condition), skipping the rest of the body.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, n):
    i = 0
    while i < n:
        i += 1
        if a[i] < 0:
            continue
        a[i] = 0

# The header has three predecessors: the entry, the `continue` and the end
# of the body.
# CHECK-LABEL: func @k(
# CHECK: br [[HEADER:bb[0-9]+]]
# CHECK: [[HEADER]]:  ; preds: bb0 [[CONT:bb[0-9]+]] [[TAIL:bb[0-9]+]]
# CHECK-NEXT: [[I:%[0-9]+]] = phi [{{%[0-9]+}}, bb0], {{\[}}[[INC:%[0-9]+]], [[CONT]]], {{\[}}[[INC]], [[TAIL]]] : int64
# CHECK: cmp lt [[I]], %n : bool
# CHECK: [[INC]] = add [[I]], {{%[0-9]+}} : int64
# CHECK: condbr {{%[0-9]+}}, [[CONT]], [[TAIL]]
# CHECK: [[CONT]]:
# CHECK-NEXT: br [[HEADER]]
# CHECK: [[TAIL]]:
# CHECK: store %a
# CHECK-NEXT: br [[HEADER]]
