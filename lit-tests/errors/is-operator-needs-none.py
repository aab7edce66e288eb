# `is` compares with None (decided by the types when compiling, as in numba)
# and between numbers (numba's generic `is`: `==` within one type); between
# arrays it is refused, pointing at '==': the whole comparison is underlined.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, b):
    a[0] = a is b

# CHECK: {{.*}}is-operator-needs-none.py:12:12: error: the 'is' operator is supported in kernels with None (`x is None`) and numbers; compare other values with '=='
# CHECK-NEXT: {{^}}    a[0] = a is b{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
# CHECK-NOT: error
