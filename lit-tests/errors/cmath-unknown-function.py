# A cmath name outside numba.cuda's list is an error at the attribute.
#
# RUN: not %pyjitc %s --sig 'k(complex128[::1], complex128)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

import cmath

from pyjit import cuda


@cuda.jit
def k(out, z):
    out[0] = cmath.gamma(z)

# CHECK: {{.*}}cmath-unknown-function.py:12:14: error: 'cmath.gamma' is not supported in kernels
# CHECK-NEXT: {{^}}    out[0] = cmath.gamma(z){{$}}
# CHECK-NEXT: {{^}}             ^~~~~~~~~~~{{$}}
# CHECK-NOT: error
