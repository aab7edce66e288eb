# cuda.const.array_like of a kernel argument is the argument itself (numba's
# lowering is a no-op): loads go to the parameter's global memory.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    c = cuda.const.array_like(a)
    a[0] = c[1]

# CHECK-LABEL: func @k(
# CHECK: load %a[{{%[0-9]+}}] : float32
