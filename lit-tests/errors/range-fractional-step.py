# A float range() step is truncated, as numba-cuda truncates it; one that
# truncates to 0 says so (it said "step must not be zero" of a 0.5).
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    for j in range(0, a.size, 0.5):
        a[j] = 1.0

# CHECK: range-fractional-step.py:11:31: error: range() step must not be zero: a float step is truncated to an integer, and this one to 0
