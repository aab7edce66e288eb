# Integer `//` and `%` of constants fold with Python's floored semantics:
# the quotient rounds toward minus infinity and the remainder takes the
# divisor's sign.  -7 // 2 == -4, 7 // -2 == -4, -7 % 3 == 2, 7 % -3 == -2.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = -7 // 2
    out[1] = 7 // -2
    out[2] = -7 % 3
    out[3] = 7 % -3
    out[4] = -6 // 3

# CHECK-LABEL: func @k(
# CHECK: const -4 : int64
# CHECK: const -4 : int64
# CHECK: const 2 : int64
# CHECK: const -2 : int64
# CHECK: const -2 : int64
# CHECK-NOT: floordiv
# CHECK-NOT: mod
