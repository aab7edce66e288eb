# print() takes numbers, bools and string literals: an array argument is an
# error at that argument.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    print(a)

# CHECK: {{.*}}print-array-error.py:11:11: error: print() of an array(float32, 1d, C) is not supported in kernels (print numbers, bools, tuples of them or string literals)
# CHECK-NEXT: {{^}}    print(a){{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
# CHECK-NOT: error
