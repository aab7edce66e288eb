# Passing more positional arguments than a device function has parameters
# is an error at the first extra argument.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit(device=True)
def f(x, y=2.0):
    return x * y


@cuda.jit
def k(a):
    a[0] = f(1, 2, 3)

# CHECK: {{.*}}devicefn-too-many-arguments.py:16:20: error: device function 'f' takes 2 arguments, got 3
# CHECK-NEXT: {{^}}    a[0] = f(1, 2, 3){{$}}
# CHECK-NEXT: {{^}}                   ^{{$}}
# CHECK-NOT: error
