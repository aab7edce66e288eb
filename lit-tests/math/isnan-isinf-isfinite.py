# math.isnan, math.isinf and math.isfinite give bool: NaN is unordered with
# itself, inf tests |x| == inf, finite tests |x| != inf (ordered, so NaN is
# not finite). On an integer they are constants (never NaN or infinite).
#
# RUN: %pyjitc %s --sig 'k(bool[::1], float32, int64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(bool[::1], float32, int64)' --emit=llvm | FileCheck %s --check-prefix=LLVM

import math

from pyjit import cuda


@cuda.jit
def k(out, x, n):
    out[0] = math.isnan(x)
    out[1] = math.isinf(x)
    out[2] = math.isfinite(x)
    out[3] = math.isnan(n)
    out[4] = math.isfinite(n)

# IR-LABEL: func @k(
# IR: math.isnan %x : bool
# IR: math.isinf %x : bool
# IR: math.isfinite %x : bool
# IR: math.isnan %n : bool
# IR: math.isfinite %n : bool

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: fcmp uno float %x, 0.000000e+00
# LLVM: [[A:%[0-9]+]] = {{.*}}call float @llvm.fabs.f32(float %x)
# LLVM: fcmp oeq float [[A]], 0x7FF0000000000000
# LLVM: fcmp one float [[A]], 0x7FF0000000000000
# LLVM: store i8 0,
# LLVM: store i8 1,
