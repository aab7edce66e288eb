# A `raise` statement is rejected at the keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    if a[0] < 0:
        raise ValueError("negative")
    a[0] = 1

# CHECK: {{.*}}unsupported-raise.py:11:9: error: a 'raise' statement is not supported in kernels
# CHECK-NEXT: {{^}}        raise ValueError("negative"){{$}}
# CHECK-NEXT: {{^}}        ^~~~~{{$}}
# CHECK-NOT: error
