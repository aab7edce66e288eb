# fastmath's afn takes float32 tanh to libdevice's __nv_fast_tanhf, which is
# PTX tanh.approx.f32 from sm_75 (numba-cuda's fastmath does the same);
# without fastmath, and before sm_75, it is the precise __nv_tanhf.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --fastmath --emit=ptx | FileCheck %s --check-prefix=FAST
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ptx | FileCheck %s --check-prefix=PRECISE
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --fastmath --arch=sm_70 --emit=ptx | FileCheck %s --check-prefix=PRECISE

from math import tanh


def k(r, x):
    r[0] = tanh(x)

# FAST: tanh.approx.f32
# PRECISE-NOT: tanh.approx
