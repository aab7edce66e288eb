# A branch pruned when compiling is not typed, so the constructs kernels do
# not support may stand in it (an f-string, a list comprehension, a dict, a
# generator, a lambda), as numba prunes such a branch before typing it.
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda

DEBUG = False


@cuda.jit
def k(a):
    if DEBUG:
        print(f"a[0] = {a[0]}")
        tmp = [a[j] for j in range(3)]
        d = {1: a[0]}
        s = sum(v for v in range(3))
        f = (lambda v, w=(1, [2]): v + 1)(a[0])
    a[0] = 1.0

# CHECK-LABEL: func @k(
# CHECK-NOT: print
# CHECK: [[ONE:%[0-9]+]] = const 1 : float64
# CHECK: store %a[{{%[0-9]+}}], [[ONE]]
# CHECK-NEXT: ret
