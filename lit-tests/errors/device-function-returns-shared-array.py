# A device function's shared array is one per function (every call's is
# the same memory), so returning it is an error at the return, as
# numba-cuda refuses it ("Only accept returning of array passed into the
# function as argument"). A view of it is refused too.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda, float32


@cuda.jit(device=True)
def scratch(v):
    s = cuda.shared.array(64, float32)
    s[0] = v
    return s[1:]


@cuda.jit
def k(out):
    out[0] = scratch(out[1])[0]

# CHECK: {{.*}}device-function-returns-shared-array.py:15:12: error: a device function cannot return a cuda.shared.array it declares: the array is one per device function (as in numba-cuda, which refuses this too), so every call would return the same memory; pass the array in as an argument
# CHECK-NEXT: {{^}}    return s[1:]{{$}}
# CHECK-NEXT: {{^}}           ^~~~~{{$}}
