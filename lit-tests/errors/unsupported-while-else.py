# A `while` loop with an `else` clause is rejected at the `else`.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    i = 0
    while i < 3:
        i += 1
    else:
        a[0] = i

# CHECK: {{.*}}unsupported-while-else.py:13:5: error: an 'else' clause on a loop is not supported in kernels
# CHECK-NEXT: {{^}}    else:{{$}}
# CHECK-NEXT: {{^}}    ^~~~{{$}}
# CHECK-NOT: error
