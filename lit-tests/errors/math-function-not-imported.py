# A math function called by its bare name without `from math import ...`:
# the error names math.sqrt.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1], float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

import math

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = sqrt(x[0])

# CHECK: {{.*}}math-function-not-imported.py:13:14: error: name 'sqrt' is not defined (did you mean 'math.sqrt'? call it so, with math imported, or write 'from math import sqrt')
# CHECK-NEXT: {{^}}    out[0] = sqrt(x[0]){{$}}
# CHECK-NEXT: {{^}}             ^~~~{{$}}
