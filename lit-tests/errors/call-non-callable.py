# Calling a number is an error at the callee.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    v = a[0]
    a[0] = v(1)

# CHECK: {{.*}}call-non-callable.py:11:12: error: a value of type float32 is not callable
# CHECK-NEXT: {{^}}    a[0] = v(1){{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
# CHECK-NOT: error
