# An array index must be an integer: a float index is an error at the index.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, x):
    a[x] = 1

# CHECK: {{.*}}array-index-float.py:10:7: error: array index must be an integer, not float32
# CHECK-NEXT: {{^}}    a[x] = 1{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NOT: error
