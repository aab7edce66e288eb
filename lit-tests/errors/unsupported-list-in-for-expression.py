# A list display that is only part of a `for` loop's iterable (here indexed)
# is still rejected, at its opening bracket.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    for v in [(1, 2), (3, 4)][0]:
        a[0] += v

# CHECK: {{.*}}unsupported-list-in-for-expression.py:11:14: error: a list display (other than the whole iterable of a 'for' loop or the right operand of 'in') is not supported in kernels
# CHECK-NEXT: {{^}}    for v in [(1, 2), (3, 4)][0]:{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
# CHECK-NOT: error
