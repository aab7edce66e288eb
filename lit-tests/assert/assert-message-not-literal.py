# An assert message must be a string literal: any other expression is an
# error at the message.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, n):
    assert n > 0, n
    a[0] = n

# CHECK: {{.*}}assert-message-not-literal.py:11:19: error: an assert message must be a string literal in kernels
# CHECK-NEXT: {{^}}    assert n > 0, n{{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
# CHECK-NOT: error
