# Only Python numbers are weak: a module-level NumPy scalar has its own
# type (NEP 50), so float32 * np.float64(0.5) computes in float64, as it
# would in NumPy 2.
#
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float32)' --emit=ir | FileCheck %s

import numpy as np

from pyjit import cuda

HALF = np.float64(0.5)


@cuda.jit
def k(out, x):
    out[0] = x * HALF

# CHECK-LABEL: func @k(
# CHECK: [[X:%[0-9]+]] = cast %x : float32 -> float64
# CHECK: mul [[X]], {{%[0-9]+}} : float64
