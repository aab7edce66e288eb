# Complex numbers have no order: `<` on complex operands is an error at the
# comparison.
#
# RUN: not %pyjitc %s --sig 'k(bool[::1], complex128, complex128)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(out, z, w):
    out[0] = z < w

# CHECK: {{.*}}ordering-error.py:11:14: error: complex numbers have no order: '<' is not defined for them
# CHECK-NEXT: {{^}}    out[0] = z < w{{$}}
# CHECK-NEXT: {{^}}             ^~~~~{{$}}
# CHECK-NOT: error
