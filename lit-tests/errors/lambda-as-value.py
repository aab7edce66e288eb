# A lambda is a nested def only when bound to a name (`f = lambda ...`);
# anywhere else it is rejected where it is typed, over the lambda.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = (lambda v: v + 1)(a[0])

# CHECK: {{.*}}lambda-as-value.py:11:13: error: a 'lambda' expression is not supported in kernels
# CHECK-NEXT: {{^}}    a[0] = (lambda v: v + 1)(a[0]){{$}}
# CHECK-NEXT: {{^}}            ^~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
