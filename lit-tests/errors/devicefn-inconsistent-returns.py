# A device function returning a number on one path and a tuple on another
# has no single return type: error at the second return, with a note at
# the call that typed it.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit(device=True)
def f(x):
    if x > 0:
        return x
    return (x, x)


@cuda.jit
def k(a):
    a[0] = f(a[0])

# CHECK: {{.*}}devicefn-inconsistent-returns.py:14:12: error: device function 'f' returns both float32 and Tuple(float32, float32)
# CHECK-NEXT: {{^}}    return (x, x){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
# CHECK: {{.*}}devicefn-inconsistent-returns.py:19:12: note: in the call of device function 'f' with argument types (float32)
# CHECK-NOT: error
