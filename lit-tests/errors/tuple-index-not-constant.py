# A tuple can only be indexed with a constant: a run-time index is an
# error at the index.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, i):
    t = (1.0, 2.0)
    a[0] = t[i]

# CHECK: {{.*}}tuple-index-not-constant.py:12:14: error: a tuple index must be a constant integer
# CHECK-NEXT: {{^}}    a[0] = t[i]{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
# CHECK-NOT: error
