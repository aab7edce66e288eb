# float32 hypot is libdevice's __nv_hypotf, whose square root follows
# __nvvm_reflect("__CUDA_PREC_SQRT"): IEEE sqrt.rn as NVVM's -prec-sqrt=1
# gives it (numba-cuda's default; sqrt.approx was 1 ulp off in 16% of
# results), the approximation under fastmath (afn), as --use_fast_math.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32)' --emit=ptx | FileCheck %s --check-prefix=PRECISE
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32)' --fastmath --emit=ptx | FileCheck %s --check-prefix=FAST

import math


def k(r, x, y):
    r[0] = math.hypot(x, y)

# PRECISE-LABEL: .entry
# PRECISE: sqrt.rn.f32
# PRECISE-NOT: sqrt.approx
# FAST-LABEL: .entry
# FAST: sqrt.approx
