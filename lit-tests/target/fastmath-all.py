# --fastmath (fastmath=True): flush-to-zero, approximate division, sqrt and
# the float32 special functions (sin -> sin.approx), as nvcc --use_fast_math.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --fastmath | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --fastmath | %ptxas -arch=sm_90 -o /dev/null -

import math
from pyjit import cuda


@cuda.jit
def k(a, b):
    b[0] = a[0] / a[1] + math.sqrt(a[2]) + math.sin(a[3])

# CHECK-LABEL: .entry k(
# CHECK-DAG: div.approx.ftz.f32
# CHECK-DAG: sqrt.approx.ftz.f32
# CHECK-DAG: sin.approx.ftz.f32
# CHECK-NOT: div.rn
