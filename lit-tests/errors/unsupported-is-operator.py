# `is` is not among the comparisons (identity has no meaning for kernel
# values): the whole comparison is underlined.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = a[0] is None

# CHECK: {{.*}}unsupported-is-operator.py:11:12: error: the 'is' operator is not supported in kernels
# CHECK-NEXT: {{^}}    a[0] = a[0] is None{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~{{$}}
# CHECK-NOT: error
