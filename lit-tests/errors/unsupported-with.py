# A `with` statement is rejected at the `with` keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    with a:
        a[0] = 1

# CHECK: {{.*}}unsupported-with.py:10:5: error: a 'with' statement is not supported in kernels
# CHECK-NEXT: {{^}}    with a:{{$}}
# CHECK-NEXT: {{^}}    ^~~~{{$}}
# CHECK-NOT: error
