# `from ... import ...` inside a kernel is rejected at `from`.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    from math import pi
    a[0] = pi

# CHECK: {{.*}}unsupported-from-import.py:10:5: error: an 'import' statement is not supported in kernels
# CHECK-NEXT: {{^}}    from math import pi{{$}}
# CHECK-NEXT: {{^}}    ^~~~{{$}}
# CHECK-NOT: error
