# A lambda is rejected at the `lambda` keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    f = lambda v: v + 1
    a[0] = f(a[0])

# CHECK: {{.*}}unsupported-lambda.py:10:9: error: a 'lambda' expression is not supported in kernels
# CHECK-NEXT: {{^}}    f = lambda v: v + 1{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~{{$}}
# CHECK-NOT: error
