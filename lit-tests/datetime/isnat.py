# np.isnat of a datetime64 is one compare of its int64 count with NaT,
# -2**63 (NumPy's only isnat loops are for M and m).
#
# RUN: %pyjitc %s --sig 'k(datetime64[D][::1], boolean[::1])' --emit=ir | FileCheck %s
# RUN: not %pyjitc %s --sig 'k(float64[::1], boolean[::1])' --emit=ir 2>&1 | FileCheck %s --check-prefix=ERR

import numpy as np
from pyjit import cuda


@cuda.jit
def k(a, out):
    out[0] = np.isnat(a[0])

# CHECK-LABEL: func @k(
# CHECK: [[V:%[0-9]+]] = load %a[{{.*}}] : datetime64[D]
# CHECK: [[NAT:%[0-9]+]] = const -9223372036854775808 : int64
# CHECK: [[I:%[0-9]+]] = cast [[V]] : datetime64[D] -> int64
# CHECK: cmp eq [[I]], [[NAT]] : bool

# ERR: isnat.py:13:23: error: numpy.isnat() is only defined for datetime64 and timedelta64, not float64
# ERR-NEXT: out[0] = np.isnat(a[0])
# ERR-NEXT: ^~~~
