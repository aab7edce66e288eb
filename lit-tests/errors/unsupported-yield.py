# `yield` (which would make the kernel a generator) is rejected at the keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    yield a[0]

# CHECK: {{.*}}unsupported-yield.py:10:5: error: 'yield' is not supported in kernels
# CHECK-NEXT: {{^}}    yield a[0]{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NOT: error
