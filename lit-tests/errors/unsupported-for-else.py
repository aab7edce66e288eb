# A `for` loop with an `else` clause is rejected at the `else`.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    for i in range(3):
        a[i] = 0
    else:
        a[0] = 1

# CHECK: {{.*}}unsupported-for-else.py:12:5: error: an 'else' clause on a loop is not supported in kernels
# CHECK-NEXT: {{^}}    else:{{$}}
# CHECK-NEXT: {{^}}    ^~~~{{$}}
# CHECK-NOT: error
