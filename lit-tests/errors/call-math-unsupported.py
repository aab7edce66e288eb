# A math function outside the supported list is rejected with its dotted
# name underlined.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

import math

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = math.factorial(3)

# CHECK: {{.*}}call-math-unsupported.py:13:12: error: 'math.factorial' is not supported in kernels
# CHECK-NEXT: {{^}}    a[0] = math.factorial(3){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
