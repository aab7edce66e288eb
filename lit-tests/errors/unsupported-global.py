# A `global` declaration is rejected at the keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


G = 0


@cuda.jit
def k(a):
    global G
    a[0] = G

# CHECK: {{.*}}unsupported-global.py:13:5: error: a 'global' declaration is not supported in kernels
# CHECK-NEXT: {{^}}    global G{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
# CHECK-NOT: error
