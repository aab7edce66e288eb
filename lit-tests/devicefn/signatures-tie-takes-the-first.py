# A device function's signatures that rate alike for a call (one unsafe
# conversion each): the one declared first is taken, as numba-cuda's device
# functions take it (its test_explicit_signatures_device_ambiguous). Here
# (float32, float64): x converts to float32, y stays float64.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64, float64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(["(float32, float64)", "(float64, float32)"], device=True)
def add(x, y):
    return x + y


@cuda.jit
def k(r, x, y):
    r[0] = add(x, y)

# CHECK-LABEL: func @k(
# CHECK-NEXT: bb0:
# CHECK-NEXT: [[X:%[0-9]+]] = cast %x : float64 -> float32
# CHECK-NEXT: [[WIDE:%[0-9]+]] = cast [[X]] : float32 -> float64
# CHECK-NEXT: add [[WIDE]], %y : float64
