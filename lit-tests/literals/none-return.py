# `return None` means "return nothing": allowed in a kernel and in a device
# function, which then has no value.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def put(a, v):
    a[0] = v
    return None


@cuda.jit
def k(a, x):
    put(a, x)
    if x > 0:
        return None
    a[1] = x

# CHECK-LABEL: func @k(%a: array(float32, 1d, C), %x: float32) -> none {
# CHECK: store %a[{{%[0-9]+}}], %x
# CHECK: condbr
# CHECK: ret
# CHECK: store %a[{{%[0-9]+}}], %x
# CHECK: ret
