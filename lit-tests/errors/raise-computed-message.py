# An exception raised in a kernel takes compile-time constants as its
# arguments (numba's constant exceptions): a computed one is rejected there.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    if a[0] < 0:
        raise ValueError(a[0])
    a[0] = 1

# CHECK: {{.*}}raise-computed-message.py:12:26: error: an exception raised in a kernel takes compile-time constants (strings, numbers, bools, None) as its arguments, not a float32 computed at run time
# CHECK-NEXT: {{^}}        raise ValueError(a[0]){{$}}
# CHECK-NEXT: {{^}}                         ^~~~{{$}}
# CHECK-NOT: error
