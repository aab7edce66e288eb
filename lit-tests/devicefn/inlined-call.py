# A device function is inlined at its call site: the kernel's IR has no
# call, just the callee's arithmetic on the kernel's values.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def square(v):
    return v * v


@cuda.jit
def k(out, x):
    out[0] = square(x) + 1.0

# CHECK-LABEL: func @k(
# CHECK-NOT: call
# CHECK: [[S:%[0-9]+]] = mul %x, %x : float32
# CHECK: [[R:%[0-9]+]] = add [[S]], {{%[0-9]+}} : float32
# CHECK: store %out[{{%[0-9]+}}], [[R]]
# CHECK-NOT: func @square
