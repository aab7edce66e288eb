# np.random and Python's random in a kernel name where a kernel's random
# numbers come from (pyjit.cuda.random), not only that they are unsupported.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s
# RUN: not %pyjitc %s --sig 'k2(float64[::1])' --emit=ir 2>&1 | FileCheck %s --check-prefix=PY

import random

import numpy as np

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = np.random.rand()


@cuda.jit
def k2(out):
    out[0] = random.random()

# CHECK: numpy-random-points-at-cuda-random.py:16:14: error: 'numpy.random' is not supported in kernels; a kernel draws random numbers from pyjit.cuda.random
# PY: numpy-random-points-at-cuda-random.py:21:14: error: global 'random.random' of type builtin_function_or_method is not supported in kernels; a kernel draws random numbers from pyjit.cuda.random
