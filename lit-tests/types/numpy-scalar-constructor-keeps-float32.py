# np.float32(...) is the way to keep a Python float in float32: the
# literal becomes a float32 constant and the arithmetic is float32.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 | FileCheck %s

import numpy as np

from pyjit import cuda


@cuda.jit
def k(out, x):
    s = np.float32(0.1)
    out[0] = x * s

# CHECK-NOT: warning
# CHECK-LABEL: func @k(
# CHECK: [[S:%[0-9]+]] = const 0.1{{[0-9]*}} : float32
# CHECK-NEXT: mul %x, [[S]] : float32
