# `pass` produces no instructions: an if whose then-arm is `pass` still
# branches, but the arm is an empty block that jumps to the merge.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, x):
    if x > 0:
        pass
    else:
        a[0] = x

# CHECK-LABEL: func @k(
# CHECK: condbr {{%[0-9]+}}, [[THEN:bb[0-9]+]], [[ELSE:bb[0-9]+]]
# CHECK: [[THEN]]:  ; preds: bb0
# CHECK-NEXT: br [[MERGE:bb[0-9]+]]
# CHECK: [[ELSE]]:  ; preds: bb0
# CHECK: store %a[{{%[0-9]+}}], %x
# CHECK-NEXT: br [[MERGE]]
# CHECK: [[MERGE]]:  ; preds: [[THEN]] [[ELSE]]
# CHECK-NEXT: ret
