# A cuda.* name outside the documented namespace is rejected with its
# dotted name.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = cuda.clock64()

# CHECK: {{.*}}unknown-cuda-attribute.py:11:12: error: 'cuda.clock64' is not supported in kernels
# CHECK-NEXT: {{^}}    a[0] = cuda.clock64(){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~{{$}}
# CHECK-NOT: error
