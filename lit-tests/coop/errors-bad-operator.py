# Operators are operator.add, min, max or device functions; anything else is
# an error at its argument, and so are values of other types.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], float32[::1])' 2>&1 | FileCheck %s
# RUN: not %pyjitc %s --sig 'c(complex64[::1], complex64[::1])' 2>&1 | FileCheck %s --check-prefix=CPLX

import math
from pyjit import coop, cuda


@cuda.jit
def k(x, out):
    i = cuda.grid(1)
    out[i] = coop.block.reduce(x[i], math.hypot)


@cuda.jit
def c(x, out):
    i = cuda.grid(1)
    out[i] = coop.warp.sum(x[i])

# CHECK: errors-bad-operator.py:14:38: error: coop.block.reduce() takes an operator: operator.add, min, max or a @cuda.jit(device=True) function of two values, not function(math.hypot)
# CHECK-NEXT: out[i] = coop.block.reduce(x[i], math.hypot)
# CHECK-NEXT: {{^ +\^~+$}}
# CPLX: errors-bad-operator.py:20:28: error: coop.warp.sum() does not take complex numbers in kernels
