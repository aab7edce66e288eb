# An annotated assignment assigns and ignores its annotation (numba sees no
# trace of it); an annotation without a value does nothing.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    x: int = 1
    y: float
    a[0] = x

# CHECK-LABEL: func @k(
# CHECK: [[ONE:%[0-9]+]] = const 1 : float32
# CHECK: store %a[{{%[0-9]+}}], [[ONE]]
# CHECK-NEXT: ret
