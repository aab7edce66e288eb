# An exception raised in a kernel takes at most one argument, a string
# literal: a computed message is rejected at the call.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    if a[0] < 0:
        raise ValueError(a[0])
    a[0] = 1

# CHECK: {{.*}}raise-computed-message.py:12:15: error: an exception raised in a kernel takes at most one argument, a string literal or a global string
# CHECK-NEXT: {{^}}        raise ValueError(a[0]){{$}}
# CHECK-NEXT: {{^}}              ^~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
