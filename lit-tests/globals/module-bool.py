# A module-level bool is frozen as a constant: `if DEBUG:` with DEBUG = False
# folds away, leaving only the unconditional store.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda

DEBUG = False


@cuda.jit
def k(a):
    if DEBUG:
        a[0] = -1
    a[1] = 1

# CHECK-LABEL: func @k(
# CHECK-NOT: condbr
# CHECK-NOT: const -1
# CHECK: [[ONE:%[0-9]+]] = const 1 : float32
# CHECK-NEXT: store %a[{{%[0-9]+}}], [[ONE]]
# CHECK-NOT: store
