# int(x) of a float truncates toward zero and gives int64; out-of-range
# values saturate and NaN gives 0 (a kernel cannot raise). Constant cases
# fold: int(-2.7) == -2, int(1e30) == 2**63 - 1, int(-1e30) == -2**63,
# int(nan) == 0.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1], float32)' --emit=llvm | FileCheck %s --check-prefix=LLVM

import math

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = int(x)
    out[1] = int(-2.7)
    out[2] = int(1e30)
    out[3] = int(-1e30)
    out[4] = int(math.nan)

# IR-LABEL: func @k(
# IR: [[I:%[0-9]+]] = cast %x : float32 -> int64
# IR: store %out[{{%[0-9]+}}], [[I]]

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: call i64 @llvm.fptosi.sat.i64.f32(float %x)
# LLVM: store i64 -2,
# LLVM: store i64 9223372036854775807,
# LLVM: store i64 -9223372036854775808,
# LLVM: store i64 0,
