# Kernels return nothing: `return <value>` in a kernel is an error at the
# value.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    return a[0]

# CHECK: {{.*}}kernel-returns-value.py:11:12: error: a kernel cannot return a value
# CHECK-NEXT: {{^}}    return a[0]{{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
# CHECK-NOT: error
