# float64 asked for by name spares arithmetic only when no operand is another
# float64 (a float64 argument, a float64 local): y * s, y *= s and
# np.float64(v) * s warn; y += 0.5, a conditional of two np.float64 and an element
# of a float64 local array do not.
#
# RUN: %pyjitc %s --sig 'times_arg(float32[::1], float64)' --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMES
# RUN: %pyjitc %s --sig 'aug_arg(float32[::1], float64)' --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=AUG
# RUN: %pyjitc %s --sig 'spared(float32[::1], float64)' --emit=ir 2>&1 >/dev/null | FileCheck %s --allow-empty --check-prefix=SPARED

import numpy as np
from pyjit import cuda


@cuda.jit
def times_arg(out, s):
    y = np.float64(out[0])
    out[1] = y * s

@cuda.jit
def aug_arg(out, s):
    y = np.float64(out[0])
    y *= s
    out[1] = y

@cuda.jit
def spared(out, s):
    y = np.float64(out[0]) if out[1] > 0 else np.float64(out[2])
    y += 0.5
    out[3] = y * 2
    l = cuda.local.array(4, np.float64)  # a float64 array made in the kernel: by name
    l[0] = out[0]
    out[4] = l[0] * 2

# TIMES: float64-explicit-mixed-with-implicit-warns.py:17:14: warning: float64 arithmetic
# TIMES: note: this operand makes it float64
# TIMES-NEXT: {{^}}    out[1] = y * s{{$}}
# TIMES-NEXT: {{^}}                 ^{{$}}
# AUG: float64-explicit-mixed-with-implicit-warns.py:22:5: warning: float64 arithmetic
# SPARED-NOT: warning
