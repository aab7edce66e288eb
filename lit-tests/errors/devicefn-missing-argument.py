# Calling a device function without a required argument is an error at the
# call, naming the parameter.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit(device=True)
def f(x, y=2.0):
    return x * y


@cuda.jit
def k(a):
    a[0] = f(y=1.0)

# CHECK: {{.*}}devicefn-missing-argument.py:16:12: error: device function 'f' is missing the argument 'x'
# CHECK-NEXT: {{^}}    a[0] = f(y=1.0){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~{{$}}
# CHECK-NOT: error
