# A cuda.* name the module does not have is Python's AttributeError wording
# (numba: "Unknown attribute"), not "not supported in kernels".
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = cuda.clock64()

# CHECK: {{.*}}unknown-cuda-attribute.py:11:12: error: module 'cuda' has no attribute 'clock64'
# CHECK-NEXT: {{^}}    a[0] = cuda.clock64(){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~{{$}}
# CHECK-NOT: error
