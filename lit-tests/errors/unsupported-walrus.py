# The walrus operator is rejected at `:=`.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    if (n := a.size) > 0:
        a[0] = n

# CHECK: {{.*}}unsupported-walrus.py:10:11: error: the walrus operator ':=' is not supported in kernels
# CHECK-NEXT: {{^}}    if (n := a.size) > 0:{{$}}
# CHECK-NEXT: {{^}}          ^~{{$}}
# CHECK-NOT: error
