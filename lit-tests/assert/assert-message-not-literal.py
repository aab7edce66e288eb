# An assert message must be a compile-time constant (a string or number
# literal, a global): a value computed at run time is an error at the
# message.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, n):
    assert n > 0, n
    a[0] = n

# CHECK: {{.*}}assert-message-not-literal.py:12:19: error: an assert message must be a compile-time constant in kernels (a string, a number), not an int64 computed at run time
# CHECK-NEXT: {{^}}    assert n > 0, n{{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
# CHECK-NOT: error
