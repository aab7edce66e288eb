# `is` compares with None only (decided by the types when compiling, as in
# numba); between two values it is refused, pointing at '==': the whole
# comparison is underlined.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = a[0] is a[1]

# CHECK: {{.*}}is-operator-needs-none.py:12:12: error: the 'is' operator is supported in kernels only with None (`x is None`); compare values with '=='
# CHECK-NEXT: {{^}}    a[0] = a[0] is a[1]{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~{{$}}
# CHECK-NOT: error
