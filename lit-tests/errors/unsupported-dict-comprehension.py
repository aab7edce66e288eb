# A dict comprehension is rejected where it is typed, over the whole
# comprehension.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    d = {v: v * v for v in range(3)}
    a[0] = 1

# CHECK: {{.*}}unsupported-dict-comprehension.py:11:9: error: a dict or set display is not supported in kernels
# CHECK-NEXT: {{^}}    d = {v: v * v for v in range(3)}{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
