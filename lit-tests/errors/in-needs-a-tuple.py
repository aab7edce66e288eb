# `in` tests a number against a tuple of numbers; against an array it is
# an error over the whole comparison.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1 in a

# CHECK: {{.*}}in-needs-a-tuple.py:11:12: error: 'in' in kernels tests a number against a tuple of numbers, not int64 against array(float32, 1d, C)
# CHECK-NEXT: {{^}}    a[0] = 1 in a{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
# CHECK-NOT: error
