# A device function that calls itself is rejected at the recursive call,
# with a note at the kernel's call that led there.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit(device=True)
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


@cuda.jit
def k(a):
    a[0] = fact(5)

# CHECK: {{.*}}recursion-direct.py:13:16: error: recursion is not supported in kernels: device function 'fact' calls itself (directly or through other device functions)
# CHECK-NEXT: {{^}}    return n * fact(n - 1){{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~~{{$}}
# CHECK: {{.*}}recursion-direct.py:18:12: note: in the call of device function 'fact' with argument types (int64)
# CHECK-NEXT: {{^}}    a[0] = fact(5){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~{{$}}
# CHECK-NOT: error
