# A tuple of mixed element types can only be indexed with a constant (the
# result's type must be known): a run-time index is an error at the index.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, i):
    t = (1.0, 2)
    a[0] = t[i]

# CHECK: {{.*}}tuple-index-mixed-not-constant.py:12:14: error: a tuple indexed at run time needs elements of one type (numbers, strings, arrays, or tuples of them); this one is Tuple(float64, int64): index it with a constant
# CHECK-NEXT: {{^}}    a[0] = t[i]{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
# CHECK-NOT: error
