# bool(x) is x != 0; for floats NaN is true (an unordered not-equal), as in
# Python: bool(nan) is True.
#
# RUN: %pyjitc %s --sig 'k(bool[::1], float32, int64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(bool[::1], float32, int64)' --emit=llvm | FileCheck %s --check-prefix=LLVM

import math

from pyjit import cuda


@cuda.jit
def k(out, x, n):
    out[0] = bool(x)
    out[1] = bool(n)
    out[2] = bool(math.nan)

# IR-LABEL: func @k(
# IR: cast %x : float32 -> bool
# IR: cast %n : int64 -> bool

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: fcmp une float %x, 0.000000e+00
# LLVM: icmp ne i64 %n, 0
# LLVM: store i8 1,
