# A dict display (even an empty one) is rejected where it is typed, over the
# whole display.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    d = {}
    a[0] = 1

# CHECK: {{.*}}unsupported-dict-display.py:11:9: error: a dict or set display is not supported in kernels
# CHECK-NEXT: {{^}}    d = {}{{$}}
# CHECK-NEXT: {{^}}        ^~{{$}}
# CHECK-NOT: error
