# np.clip takes a number (or an array) and bounds that are numbers or None:
# None as the value is an error at it (found by the fuzzer: it crashed the
# compiler).
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

import numpy as np
from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = np.clip(None, -1.0, 2.5)

# CHECK: {{.*}}clip-of-none.py:13:22: error: np.clip() takes a number or an array, not none
# CHECK-NEXT: {{^}}    out[0] = np.clip(None, -1.0, 2.5){{$}}
# CHECK-NEXT: {{^}}                     ^~~~{{$}}
