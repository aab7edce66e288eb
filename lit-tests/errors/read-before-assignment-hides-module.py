# A module name assigned later in the function is a local everywhere in it,
# so `math.sqrt` before the assignment reads an unassigned local (Python's
# UnboundLocalError): the error is at that read. It said "a value of type
# int64 has no attribute 'sqrt'", the type of the later assignment.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

import math

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = math.sqrt(a[1])
    math = 3
    a[1] = math

# CHECK: {{.*}}read-before-assignment-hides-module.py:15:12: error: local variable 'math' is read before any assignment to it (Python raises UnboundLocalError); an assignment to 'math' anywhere in the function makes it local in all of it, hiding any global or built-in of that name
# CHECK-NEXT: {{^}}    a[0] = math.sqrt(a[1]){{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
# CHECK-NOT: error
