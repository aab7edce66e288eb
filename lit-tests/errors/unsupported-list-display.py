# A list display used as a value is rejected where it is typed, over the whole
# display (`[x, y] = p` as a target is `x, y = p`: assign/list-target.py).
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    xs = [1, 2, 3]
    a[0] = xs[0]

# CHECK: {{.*}}unsupported-list-display.py:11:10: error: a list display (other than an assignment or loop target, the whole iterable of a 'for' loop or the right operand of 'in') is not supported in kernels; a tuple holds a few values ((a, b)), cuda.local.array(n, dtype) an array
# CHECK-NEXT: {{^}}    xs = [1, 2, 3]{{$}}
# CHECK-NEXT: {{^}}         ^~~~~~~~~{{$}}
# CHECK-NOT: error
