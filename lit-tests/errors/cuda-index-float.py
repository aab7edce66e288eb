# A float index of a cuda.* array operation (an atomic, a cache-hinted load)
# is an error at the index, in numba's words ("float64 is not a valid index").
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(x):
    cuda.atomic.add(x, 1.0, 2)
    x[0] = cuda.ldcs(x, 0.5)

# CHECK: cuda-index-float.py:11:24: error: cuda.atomic.add(): float64 is not a valid index (an integer, or a tuple of one per dimension)
# CHECK: cuda-index-float.py:12:25: error: cuda.ldcs(): float64 is not a valid index
