# A tuple of mixed element types can only be indexed with a constant (the
# result's type must be known): a run-time index is an error at the index.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, i):
    t = (1.0, 2)
    a[0] = t[i]

# CHECK: {{.*}}tuple-index-mixed-not-constant.py:12:14: error: a tuple of mixed element types (Tuple(float64, int64)) needs a constant integer index
# CHECK-NEXT: {{^}}    a[0] = t[i]{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
# CHECK-NOT: error
