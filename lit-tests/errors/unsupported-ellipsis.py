# The Ellipsis `...` (e.g. as a placeholder body) is rejected at the `...`.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    if a[0] > 0:
        ...
    a[0] = 1

# CHECK: {{.*}}unsupported-ellipsis.py:11:9: error: the Ellipsis '...' is not supported in kernels
# CHECK-NEXT: {{^}}        ...{{$}}
# CHECK-NEXT: {{^}}        ^{{~*}}{{$}}
# CHECK-NOT: error
