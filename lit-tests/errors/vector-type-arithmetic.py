# CUDA vector types are no tuples to numba-cuda: `+` of two is an error at
# the operator, not a concatenation found wrong later.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    v = cuda.float32x2(1.0, 2.0)
    w = v + v
    a[0] = w.x

# CHECK: {{.*}}vector-type-arithmetic.py:12:9: error: CUDA vector types have no arithmetic in kernels (numba-cuda defines no + for float32x2)
# CHECK-NOT: error
