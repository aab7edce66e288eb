# An integer literal that does not fit in 64 bits is an error at the literal.
#
# RUN: not %pyjitc %s --sig 'k(int64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = 18446744073709551616

# CHECK: {{.*}}int-literal-too-large.py:10:14: error: integer literal does not fit in 64 bits
# CHECK-NEXT: {{^}}    out[0] = 18446744073709551616{{$}}
# CHECK-NEXT: {{^}}             ^~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
