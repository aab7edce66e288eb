# A local read where no assignment reaches it (any path) is an error at the
# read, as Python's UnboundLocalError would be.
#
# RUN: not %pyjitc %s --sig 'k(int64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = total + 1
    total = a[1]

# CHECK: {{.*}}read-before-assignment.py:11:12: error: local variable 'total' is read before any assignment to it (Python raises UnboundLocalError)
# CHECK-NEXT: {{^}}    a[0] = total + 1{{$}}
# CHECK-NEXT: {{^}}           ^~~~~{{$}}
# CHECK-NOT: error
