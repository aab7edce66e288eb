# A function defined inside a kernel is rejected at its `def` keyword
# (device functions must be module-level @cuda.jit(device=True) functions).
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    def g(v):
        return v + 1
    a[0] = g(a[0])

# CHECK: {{.*}}unsupported-nested-def.py:11:5: error: a nested function definition is not supported in kernels
# CHECK-NEXT: {{^}}    def g(v):{{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}
# CHECK-NOT: error
