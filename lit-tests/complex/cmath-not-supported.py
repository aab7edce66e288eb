# cmath is not supported yet (docs/language.md, "Not yet"): using it is an
# error at the module name.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1], complex128)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

import cmath

from pyjit import cuda


@cuda.jit
def k(out, z):
    out[0] = cmath.exp(z).real

# CHECK: {{.*}}cmath-not-supported.py:13:14: error: global 'cmath' of type module 'cmath' is not supported in kernels
# CHECK-NEXT: {{^}}    out[0] = cmath.exp(z).real{{$}}
# CHECK-NEXT: {{^}}             ^~~~~{{$}}
# CHECK-NOT: error
