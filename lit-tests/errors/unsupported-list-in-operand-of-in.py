# A list display that is only part of `in`'s right operand (here added to)
# stays a list in CPython, which numba refuses: an error at its bracket.
#
# RUN: not %pyjitc %s --sig 'k(int64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = a[1] in [1, 2] + [3]

# CHECK: {{.*}}unsupported-list-in-operand-of-in.py:11:20: error: a list display (other than the whole iterable of a 'for' loop or the right operand of 'in') is not supported in kernels
# CHECK-NEXT: {{^}}    a[0] = a[1] in [1, 2] + [3]{{$}}
# CHECK-NEXT: {{^}}                   ^{{$}}
# CHECK-NOT: error
