# A keyword argument that names no parameter of the device function is an
# error at the keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit(device=True)
def f(x, y=2.0):
    return x * y


@cuda.jit
def k(a):
    a[0] = f(a[0], z=1)

# CHECK: {{.*}}devicefn-unknown-keyword.py:16:20: error: device function 'f' has no parameter named 'z'
# CHECK-NEXT: {{^}}    a[0] = f(a[0], z=1){{$}}
# CHECK-NEXT: {{^}}                   ^{{$}}
# CHECK-NOT: error
