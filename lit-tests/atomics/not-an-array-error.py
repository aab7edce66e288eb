# The first argument of an atomic must be an array: a scalar is an error at
# that argument.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, x):
    cuda.atomic.add(x, 0, 1.0)

# CHECK: {{.*}}not-an-array-error.py:11:21: error: cuda.atomic.add() operates on an array, not float32
# CHECK-NEXT: {{^}}    cuda.atomic.add(x, 0, 1.0){{$}}
# CHECK-NEXT: {{^}}                    ^{{$}}
# CHECK-NOT: error
