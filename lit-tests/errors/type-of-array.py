# type() of an array is refused in kernels; the error names a.dtype.type,
# the array's element type.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = type(out)(1)

# CHECK: {{.*}}type-of-array.py:11:19: error: type() takes a number in kernels, not {{.*}} (an array's element type is a.dtype.type)
# CHECK-NEXT: {{^}}    out[0] = type(out)(1){{$}}
# CHECK-NEXT: {{^}}                  ^~~{{$}}
