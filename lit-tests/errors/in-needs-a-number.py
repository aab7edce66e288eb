# `in` tests a number or a tuple against a tuple, or a number against an
# array of numbers; an array on the left is an error over the whole comparison.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = a in a

# CHECK: {{.*}}in-needs-a-number.py:11:12: error: 'in' in kernels tests a number or a tuple against a tuple, or a number against an array of numbers, not array(float32, 1d, C) against array(float32, 1d, C)
# CHECK-NEXT: {{^}}    a[0] = a in a{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
# CHECK-NOT: error
