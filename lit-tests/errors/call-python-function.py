# Calling a plain Python function (not a @cuda.jit(device=True) function)
# is rejected at the callee's name.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


def helper(x):
    return x + 1


@cuda.jit
def k(a):
    a[0] = helper(a[0])

# CHECK: {{.*}}call-python-function.py:15:12: error: global 'helper' of type function (a plain Python function; make it a device function with @cuda.jit(device=True), or mark it with pyjit.extending.register_jitable) is not supported in kernels
# CHECK-NEXT: {{^}}    a[0] = helper(a[0]){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
# CHECK-NOT: error
