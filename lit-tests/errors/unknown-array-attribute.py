# An array attribute kernels do not have is an error at the attribute.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = a.flags

# CHECK: {{.*}}unknown-array-attribute.py:10:12: error: array attribute 'flags' is not supported in kernels
# CHECK-NEXT: {{^}}    a[0] = a.flags{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~{{$}}
# CHECK-NOT: error
