# np.floor (and np.ceil, np.trunc, np.rint) are NumPy ufuncs that return a
# float of the argument's type: np.floor(float32) is float32 (unlike
# math.floor, which returns a Python int). Going through int64 would also
# be wrong for NaN, infinities and |x| >= 2**63.
#
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s

import numpy as np

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = np.floor(x)

# CHECK-LABEL: func @k(
# CHECK-NOT: int64 ->
# CHECK: [[R:%[0-9]+]] = {{.*}}floor %x : float32
# CHECK: store %out[{{%[0-9]+}}], [[R]]
