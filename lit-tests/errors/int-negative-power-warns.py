# An integer to a negative constant power is an integer in kernels (numba's:
# 0 but for 1 and -1), where Python gives a float: a warning says so.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir 2>&1 >/dev/null | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(out):
    i = cuda.grid(1)
    out[i] = i ** -1 + i ** 2

# CHECK: {{.*}}.py:12:14: warning: an integer to a negative power is an integer in kernels, as in numba-cuda: 0 for a base other than 1 or -1 (and not defined for 0); write float(x) ** -1 for the fraction Python gives
# CHECK-NOT: warning
