# float64 arithmetic asked for by name (np.float64(x), float(x)) in a kernel
# whose arrays are all float32 is not warned about; an implicit one is.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 >/dev/null | FileCheck %s --allow-empty
# RUN: %pyjitc %s --sig 'j(float32[::1], float32)' --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=IMPLICIT

import numpy as np
from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = np.float64(x) * 0.1 + float(x) / 3

@cuda.jit
def j(out, x):
    y = 2.0
    out[0] = x * y

# CHECK-NOT: warning
# IMPLICIT: warning: float64 arithmetic in a kernel whose arrays are all float32
