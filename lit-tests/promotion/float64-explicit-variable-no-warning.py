# A variable every assignment of which is float64 asked for by name
# (y = np.float64(x)) keeps arithmetic on it unwarned, as the call itself
# does; one also assigned an implicit float64 is warned about.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 >/dev/null | FileCheck %s --allow-empty
# RUN: %pyjitc %s --sig 'j(float32[::1], float32)' --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=IMPLICIT

import numpy as np
from pyjit import cuda


@cuda.jit
def k(out, x):
    y = np.float64(x)
    if x > 1:
        y = np.float64(x) * 0.5
    out[0] = y * 3.0

@cuda.jit
def j(out, x):
    y = np.float64(x)
    if x > 1:
        y = 2.0
    out[0] = y * 3.0

# CHECK-NOT: warning
# IMPLICIT: float64-explicit-variable-no-warning.py:24:14: warning: float64 arithmetic in a kernel whose arrays are all float32
