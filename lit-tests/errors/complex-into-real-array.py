# A complex value stored into a real array is an error at the value (Python's
# float(1j) is a TypeError; numba refuses it too), also through `+=`.
#
# RUN: not %pyjitc %s --sig 'k(complex128[::1], float64[::1])' 2>&1 | FileCheck %s
# RUN: not %pyjitc %s --sig 'a(complex64[::1], float32[::1])' 2>&1 | FileCheck %s --check-prefix=AUG

from pyjit import cuda


@cuda.jit
def k(x, out):
    i = cuda.grid(1)
    out[i] = x[i]


@cuda.jit
def a(x, out):
    i = cuda.grid(1)
    out[i] += x[i]

# CHECK: complex-into-real-array.py:13:14: error: cannot store a complex value (complex128) into an array of float64: take its .real or abs() first
# CHECK-NEXT: out[i] = x[i]
# AUG: complex-into-real-array.py:19:5: error: cannot store a complex value (complex64) into an array of float32
