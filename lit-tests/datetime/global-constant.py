# A global np.datetime64 is a constant: its int64 count of its unit
# (2020-01-01 is day 18262 of the epoch), typed datetime64[D].
#
# RUN: %pyjitc %s --sig 'k(datetime64[D][::1], timedelta64[D][::1])' --emit=ir | FileCheck %s

import numpy as np
from pyjit import cuda

EPOCH_2020 = np.datetime64('2020-01-01')


@cuda.jit
def k(a, out):
    out[0] = a[0] - EPOCH_2020

# CHECK-LABEL: func @k(
# CHECK: const 18262 : {{(int64|datetime64\[D\])}}
