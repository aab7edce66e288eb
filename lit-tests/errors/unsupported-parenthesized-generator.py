# A parenthesized generator expression is rejected where it is typed, over
# the whole expression with its parentheses.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    g = (v * 2 for v in range(3))
    a[0] = 1

# CHECK: {{.*}}unsupported-parenthesized-generator.py:11:9: error: a generator expression is not supported in kernels; write a for loop
# CHECK-NEXT: {{^}}    g = (v * 2 for v in range(3)){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
