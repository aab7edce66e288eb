# Without fastmath float32 division and sqrt are IEEE round-to-nearest and
# subnormals are kept (no .ftz).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' | %ptxas -arch=sm_90 -o /dev/null -

import math
from pyjit import cuda


@cuda.jit
def k(a, b):
    b[0] = a[0] / a[1] + math.sqrt(a[2])

# CHECK-LABEL: .entry k(
# CHECK-NOT: .ftz
# CHECK-DAG: div.rn.f32
# CHECK-DAG: sqrt.rn.f32
# CHECK-NOT: approx
