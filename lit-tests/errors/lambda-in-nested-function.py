# A lambda inside a nested function would be a function nested two deep:
# refused where it is typed, over the lambda.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    def g(x):
        return (lambda v: v + 1)(x)
    a[0] = g(a[0])

# CHECK: {{.*}}lambda-in-nested-function.py:12:17: error: a lambda inside a nested function or lambda is not supported in kernels
# CHECK-NEXT: {{^}}        return (lambda v: v + 1)(x){{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~~~~~~~~~{{$}}
