# A kernel written as `async def` is rejected at the `async` keyword with the
# same named error as an `async` statement inside a kernel.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
async def k(a):
    a[0] = 1

# CHECK: {{.*}}unsupported-async-kernel.py:10:1: error: 'async' is not supported in kernels
# CHECK-NEXT: {{^}}async def k(a):{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NOT: error
