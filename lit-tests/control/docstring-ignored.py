# A docstring (the first statement of the kernel, a string) is allowed and
# produces no code: the body is just the store.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    """Stores one into a[0]."""
    a[0] = 1

# CHECK-LABEL: func @k(%a: array(float32, 1d, C)) -> none {
# CHECK-NEXT: bb0:
# CHECK-NEXT: [[ZERO:%[0-9]+]] = const 0 : int64
# CHECK-NEXT: [[F:%[0-9]+]] = const 1 : float32
# CHECK-NEXT: store %a[[[ZERO]]], [[F]]
# CHECK-NEXT: ret
# CHECK-NEXT: }
