# A parameter given both positionally and by keyword is an error at the
# keyword (Python's "got multiple values").
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit(device=True)
def f(x, y):
    return x + y


@cuda.jit
def k(a):
    a[0] = f(1, x=2)

# CHECK: {{.*}}devicefn-duplicate-argument.py:16:17: error: device function 'f' got multiple values for 'x'
# CHECK-NEXT: {{^}}    a[0] = f(1, x=2){{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
# CHECK-NOT: error
