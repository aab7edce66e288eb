# A list display is rejected at its opening bracket.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    xs = [1, 2, 3]
    a[0] = xs[0]

# CHECK: {{.*}}unsupported-list-display.py:10:10: error: a list display or comprehension is not supported in kernels
# CHECK-NEXT: {{^}}    xs = [1, 2, 3]{{$}}
# CHECK-NEXT: {{^}}         ^{{$}}
# CHECK-NOT: error
