# Only literals and globals are weak: a local initialised with 2.0 is a
# float64 variable, so float32 * that local computes in float64 (numba).
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>/dev/null | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x):
    s = 2.0
    out[0] = x * s

# CHECK-LABEL: func @k(
# CHECK: [[X:%[0-9]+]] = cast %x : float32 -> float64
# CHECK-NEXT: mul [[X]], {{%[0-9]+}} : float64
