# Iterating over a 2-d array would yield row views: an error at the array.
#
# RUN: not %pyjitc %s --sig 'k(float32[:, ::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    for row in a:
        row[0] = 1

# CHECK: {{.*}}for-over-2d-array.py:10:16: error: iterating over a 2-d array is not supported in kernels (index it instead)
# CHECK-NEXT: {{^}}    for row in a:{{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
# CHECK-NOT: error
