# A global list is refused (numba-cuda refuses it too); the error says what
# to use instead.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda

WEIGHTS = [0.25, 0.5, 0.25]


@cuda.jit
def k(out):
    out[0] = WEIGHTS[1]

# CHECK: {{.*}}global-list.py:13:14: error: global 'WEIGHTS' of type list is not supported in kernels (numba-cuda refuses it too: make it a tuple, frozen at compile time, or a NumPy array)
# CHECK-NEXT: {{^}}    out[0] = WEIGHTS[1]{{$}}
# CHECK-NEXT: {{^}}             ^~~~~~~{{$}}
