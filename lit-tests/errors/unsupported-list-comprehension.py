# A list comprehension is rejected at its opening bracket.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    squares = [v * v for v in range(4)]
    a[0] = squares[1]

# CHECK: {{.*}}unsupported-list-comprehension.py:10:15: error: a list display or comprehension is not supported in kernels
# CHECK-NEXT: {{^}}    squares = [v * v for v in range(4)]{{$}}
# CHECK-NEXT: {{^}}              ^{{$}}
# CHECK-NOT: error
