# fastmath never approximates float64 division or sqrt (PTX has no
# approximate double division): only float32 changes.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float64[::1], float64[::1])' --fastmath | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float64[::1], float64[::1])' --fastmath | %ptxas -arch=sm_90 -o /dev/null -

import math
from pyjit import cuda


@cuda.jit
def k(a, b):
    b[0] = a[0] / a[1] + math.sqrt(a[2])

# CHECK-LABEL: .entry k(
# CHECK-DAG: div.rn.f64
# CHECK-DAG: sqrt.rn.f64
