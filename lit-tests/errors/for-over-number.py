# A `for` loop over a number is an error at the iterable.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, n):
    for i in n:
        a[0] = i

# CHECK: {{.*}}for-over-number.py:10:14: error: a 'for' loop over a value of type int64 is not supported in kernels (range, enumerate, zip, a 1-d array or a {{.*}}
# CHECK-NEXT: {{^}}    for i in n:{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
# CHECK-NOT: error
