# Python's math module has inf and nan, not NumPy 1.x's Inf and NaN (which
# kernels may still use as np.Inf, np.NaN): math.Inf is an error at its
# attribute, as Python's AttributeError, with the name it has.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s
# RUN: %pyjitc %s --sig 'ok(float64[::1])' --emit=ir | FileCheck %s --check-prefix=OK

import math

import numpy as np

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = math.Inf


@cuda.jit
def ok(out):
    out[0] = np.Inf + math.inf
    out[1] = np.NaN

# CHECK: math-has-no-inf-alias.py:17:14: error: module 'math' has no attribute 'Inf' (did you mean 'math.inf'?)
# OK-LABEL: func @ok
# OK: inf
