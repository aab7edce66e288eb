# `while` with `break`: the loop header tests the condition; the block
# after the loop is reached from the header's false edge and from the
# break, and merges the two values of `i` with a phi.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, n):
    i = 0
    while i < n:
        i += 1
        if a[i] < 0:
            break
    a[0] = i

# CHECK-LABEL: func @k(
# CHECK: br [[HEADER:bb[0-9]+]]
# CHECK: [[HEADER]]:  ; preds: bb0 {{bb[0-9]+}}
# CHECK-NEXT: [[I:%[0-9]+]] = phi
# CHECK: [[C:%[0-9]+]] = cmp lt [[I]], %n : bool
# CHECK-NEXT: condbr [[C]], [[BODY:bb[0-9]+]], [[EXIT:bb[0-9]+]]
# CHECK: [[BODY]]:  ; preds: [[HEADER]]
# CHECK: [[INC:%[0-9]+]] = add [[I]], {{%[0-9]+}} : int64
# CHECK: condbr {{%[0-9]+}}, [[BREAK:bb[0-9]+]], [[CONT:bb[0-9]+]]
# CHECK: [[EXIT]]:  ; preds: [[HEADER]] [[BREAK]]
# CHECK-NEXT: [[IOUT:%[0-9]+]] = phi {{\[}}[[I]], [[HEADER]]], {{\[}}[[INC]], [[BREAK]]] : int64
# CHECK: [[F:%[0-9]+]] = cast [[IOUT]] : int64 -> float32
# CHECK: store %a[{{%[0-9]+}}], [[F]]
# CHECK-NEXT: ret
# CHECK: [[BREAK]]:  ; preds: [[BODY]]
# CHECK-NEXT: br [[EXIT]]
# CHECK: [[CONT]]:  ; preds: [[BODY]]
# CHECK-NEXT: br [[HEADER]]
