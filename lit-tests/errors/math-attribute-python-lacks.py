# A name Python's math module lacks is Python's AttributeError, not a math
# function pyjit leaves out: `math.fmax` (C's name; NumPy's np.fmax) says
# what to use instead, a misspelling names the closest function, and a
# function Python has but kernels lack keeps its own error.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

import math

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = math.fmax(a[1], 0.0)
    a[1] = math.sqr(a[2])
    a[2] = math.factorial(3)

# CHECK: {{.*}}math-attribute-python-lacks.py:15:12: error: module 'math' has no attribute 'fmax' (max() and min() give the larger and the smaller number; np.fmax ignores a NaN)
# CHECK-NEXT: {{^}}    a[0] = math.fmax(a[1], 0.0){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~{{$}}
# CHECK: {{.*}}math-attribute-python-lacks.py:16:12: error: module 'math' has no attribute 'sqr' (did you mean 'math.sqrt'?)
# CHECK: {{.*}}math-attribute-python-lacks.py:17:12: error: 'math.factorial' is not supported in kernels
