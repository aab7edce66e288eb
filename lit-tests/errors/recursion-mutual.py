# Mutual recursion (even -> odd -> even) is rejected at the call that closes
# the cycle, with notes for the chain of calls from the kernel.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit(device=True)
def even(n):
    if n == 0:
        return True
    return odd(n - 1)


@cuda.jit(device=True)
def odd(n):
    if n == 0:
        return False
    return even(n - 1)


@cuda.jit
def k(a):
    a[0] = even(4)

# CHECK: {{.*}}recursion-mutual.py:20:12: error: recursion is not supported in kernels: device function 'even' calls itself (directly or through other device functions)
# CHECK-NEXT: {{^}}    return even(n - 1){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~{{$}}
# CHECK: {{.*}}recursion-mutual.py:13:12: note: in the call of device function 'odd' with argument types (int64)
# CHECK: {{.*}}recursion-mutual.py:25:12: note: in the call of device function 'even' with argument types (int64)
# CHECK-NOT: error
