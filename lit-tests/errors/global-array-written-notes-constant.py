# Writing to a global array (a read-only constant in a kernel, as numba
# holds it) gets a note saying why it is read-only and to pass it instead.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

import numpy as np

from pyjit import cuda

RESULT = np.zeros(3)


@cuda.jit
def k(a):
    RESULT[0] = a[0]

# CHECK: {{.*}}.py:15:5: error: cannot write to a read-only array (readonly array(float64, 1d, C))
# CHECK: {{.*}}.py:15:5: note: 'RESULT' is a global array: a kernel holds it as a constant, copied when the kernel compiles and read-only (numba's); pass it as an argument to write to it
