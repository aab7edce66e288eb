# The matrix multiplication operator is rejected at the `@`.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = a @ a

# CHECK: {{.*}}unsupported-matmul.py:10:14: error: the matrix multiplication operator '@' is not supported in kernels
# CHECK-NEXT: {{^}}    a[0] = a @ a{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
# CHECK-NOT: error
