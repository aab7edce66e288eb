# cuda.atomic.add of a float value with a fraction on an integer array
# converts the value to the array's dtype first (numba's): a warning says
# the fraction is dropped. A whole-number constant (1.0) does not warn.
#
# RUN: %pyjitc %s --sig 'k(int32[::1], float64)' --emit=ir 2>&1 >/dev/null | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(counts, w):
    cuda.atomic.add(counts, 0, 0.5)
    cuda.atomic.add(counts, 1, 1.0)
    cuda.atomic.add(counts, 2, w)

# CHECK: {{.*}}.py:12:32: warning: cuda.atomic.add() of a float64 value on an array of int32: the value is converted to int32 first (its fraction is dropped)
# CHECK: {{.*}}.py:14:32: warning: cuda.atomic.add() of a float64 value on an array of int32
# CHECK-NOT: warning
