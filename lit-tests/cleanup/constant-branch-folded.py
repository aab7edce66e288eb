# Constant folding and CFG simplification: a comparison of constants folds
# to a bool, the branch on it becomes a jump to the taken arm, and the arm
# that can never run disappears.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda

N = 4


@cuda.jit
def k(a):
    if N * 2 > 5:
        a[0] = 1
    else:
        a[0] = 2

# CHECK-LABEL: func @k(
# CHECK-NOT: cmp
# CHECK-NOT: condbr
# CHECK-NOT: const 2 : int64
# CHECK: [[ONE:%[0-9]+]] = const 1 : int64
# CHECK: store %a[{{%[0-9]+}}], [[ONE]]
# CHECK-NOT: store
