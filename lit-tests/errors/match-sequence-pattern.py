# A `match` statement takes the patterns numba-cuda compiles (literals,
# constants, names, `_`, `|`, `as`); a sequence pattern is refused at it.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, n):
    match n:
        case (x, y):
            a[0] = x
        case _:
            a[0] = 2

# CHECK: {{.*}}match-sequence-pattern.py:12:14: error: a sequence pattern is not supported in kernels; match literals, constants, names, '_', '|' and 'as'
# CHECK-NEXT: {{^}}        case (x, y):{{$}}
# CHECK-NEXT: {{^}}             ^~~{{$}}
# CHECK-NOT: error
