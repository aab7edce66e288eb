# A `match` statement is rejected at the soft keyword `match`.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, n):
    match n:
        case 1:
            a[0] = 1
        case _:
            a[0] = 2

# CHECK: {{.*}}unsupported-match.py:10:5: error: a 'match' statement is not supported in kernels
# CHECK-NEXT: {{^}}    match n:{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NOT: error
