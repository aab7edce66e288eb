# np.ndindex(n, m) runs n * m times when both extents are positive and not
# at all otherwise (two negative extents must not make a positive count);
# a product past INT64_MAX saturates there (the loop still starts at (0, 0)).
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64, int64)' --emit=ir | FileCheck %s

import numpy as np
from pyjit import cuda


@cuda.jit
def k(out, n, m):
    for i, j in np.ndindex(n, m):
        out[0] += i * j

# CHECK-LABEL: func @k(
# CHECK: [[MAX:%[0-9]+]] = const 9223372036854775807 : int64
# CHECK: [[N:%[0-9]+]] = cmp gt %n, [[Z:%[0-9]+]] : bool
# CHECK: [[LIMIT:%[0-9]+]] = floordiv [[MAX]], {{%[0-9]+}} : int64
# CHECK: [[FITS:%[0-9]+]] = cmp le %n, [[LIMIT]] : bool
# CHECK: [[P:%[0-9]+]] = mul %n, %m : int64
# CHECK: [[COUNT:%[0-9]+]] = select [[FITS]], [[P]], [[MAX]] : int64
# CHECK: [[M:%[0-9]+]] = cmp gt %m, [[Z]] : bool
# CHECK: [[BOTH:%[0-9]+]] = select [[N]], [[M]], [[N]] : bool
# CHECK: select [[BOTH]], [[COUNT]], [[Z]] : int64
