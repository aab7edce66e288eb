# An `async def` inside a kernel is rejected at the `async` keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    async def g():
        return 1
    a[0] = 1

# CHECK: {{.*}}unsupported-async-nested.py:10:5: error: 'async' is not supported in kernels
# CHECK-NEXT: {{^}}    async def g():{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NOT: error
