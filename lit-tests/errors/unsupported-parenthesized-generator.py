# A parenthesized generator expression is rejected at its element
# expression, the same place as a generator passed to a call.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    g = (v * 2 for v in range(3))
    a[0] = 1

# CHECK: {{.*}}unsupported-parenthesized-generator.py:11:10: error: a generator expression is not supported in kernels
# CHECK-NEXT: {{^}}    g = (v * 2 for v in range(3)){{$}}
# CHECK-NEXT: {{^}}         ^~~~~{{$}}
# CHECK-NOT: error
