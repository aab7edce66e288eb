# `~` is defined only for integers and bools: on a float it is an error at
# the expression.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, x):
    a[0] = ~x

# CHECK: {{.*}}bitwise-not-float.py:11:12: error: bad operand type for unary ~: float32
# CHECK-NEXT: {{^}}    a[0] = ~x{{$}}
# CHECK-NEXT: {{^}}           ^~{{$}}
# CHECK-NOT: error
