# An annotated assignment is rejected at the `:`.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    x: int = 1
    a[0] = x

# CHECK: {{.*}}unsupported-annotated-assignment.py:10:6: error: an annotated assignment is not supported in kernels
# CHECK-NEXT: {{^}}    x: int = 1{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NOT: error
