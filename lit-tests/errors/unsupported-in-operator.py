# `in` is not among the comparisons: the whole comparison is underlined.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1 in (1, 2)

# CHECK: {{.*}}unsupported-in-operator.py:10:12: error: the 'in' operator is not supported in kernels
# CHECK-NEXT: {{^}}    a[0] = 1 in (1, 2){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~{{$}}
# CHECK-NOT: error
