# A misspelt name of math or cuda names the closest one pyjit has.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s

import math

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = math.sqr(a[cuda.threadIdx.xx])

# CHECK: misspelt-module-function.py:12:12: error: module 'math' has no attribute 'sqr' (did you mean 'math.sqrt'?)
