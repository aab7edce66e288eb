# `yield` used as an expression is rejected at the keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    v = (yield)
    a[0] = v

# CHECK: {{.*}}unsupported-yield-expression.py:10:10: error: 'yield' is not supported in kernels
# CHECK-NEXT: {{^}}    v = (yield){{$}}
# CHECK-NEXT: {{^}}         ^~~~~{{$}}
# CHECK-NOT: error
