# A def inside a nested def is rejected at its `def` keyword (one level of
# nesting, as the closures pyjit inlines).
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    def g(v):
        def h(w):
            return w
        return h(v) + 1
    a[0] = g(a[0])

# CHECK: {{.*}}nested-def-two-deep.py:12:9: error: a function defined inside a nested function is not supported in kernels
# CHECK-NEXT: {{^}}        def h(w):{{$}}
# CHECK-NEXT: {{^}}        ^~~{{$}}
# CHECK-NOT: error
