# Only .shape, .size, .ndim and .strides are supported on arrays.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = a.itemsize

# CHECK: {{.*}}unknown-array-attribute.py:10:12: error: array attribute 'itemsize' is not supported in kernels
# CHECK-NEXT: {{^}}    a[0] = a.itemsize{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~{{$}}
# CHECK-NOT: error
