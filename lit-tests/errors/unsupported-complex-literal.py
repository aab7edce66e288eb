# Complex numbers are not supported yet: an imaginary literal is rejected
# with its extent underlined.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 2j

# CHECK: {{.*}}unsupported-complex-literal.py:11:12: error: complex literals are not supported in kernels
# CHECK-NEXT: {{^}}    a[0] = 2j{{$}}
# CHECK-NEXT: {{^}}           ^~{{$}}
# CHECK-NOT: error
