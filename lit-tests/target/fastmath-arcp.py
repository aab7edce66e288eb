# fastmath={'arcp'} alone makes float32 division div.full.f32 (2 ulp, nvcc's
# -prec-div=false) and leaves sqrt exact; adding 'ftz' flushes subnormals.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --fastmath=arcp | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --fastmath=arcp,ftz | FileCheck %s --check-prefix=FTZ
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --fastmath=arcp,ftz | %ptxas -arch=sm_90 -o /dev/null -

import math
from pyjit import cuda


@cuda.jit
def k(a, b):
    b[0] = a[0] / a[1] + math.sqrt(a[2])

# CHECK-DAG: div.full.f32
# CHECK-DAG: sqrt.rn.f32
# FTZ-DAG: div.full.ftz.f32
# FTZ-DAG: sqrt.rn.ftz.f32
