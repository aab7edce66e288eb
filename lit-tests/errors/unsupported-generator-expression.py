# A generator expression (here as the only argument of a call) is rejected
# where it is typed, over the whole expression.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = max(v for v in range(3))

# CHECK: {{.*}}unsupported-generator-expression.py:11:16: error: a generator expression is not supported in kernels; write a for loop
# CHECK-NEXT: {{^}}    a[0] = max(v for v in range(3)){{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
