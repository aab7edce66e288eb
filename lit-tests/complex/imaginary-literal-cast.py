# bool() and NumPy scalar casts of an imaginary literal: as of a complex
# value (bool: either part nonzero; np.float32: the real part, as NumPy
# takes it), not a compiler crash (the constant once reached the cast
# without a complex value behind it).
#
# RUN: %pyjitc %s --sig 'k(bool[::1], float32[::1])' --emit=llvm | FileCheck %s

import cmath

import numpy as np

from pyjit import cuda


@cuda.jit
def k(out, f):
    out[0] = bool(1j)
    out[1] = bool(0j)
    out[2] = bool(cmath.infj)
    f[0] = np.float32(2j)

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: store i8 1, ptr addrspace(1) %out.data
# CHECK: store i8 0,
# CHECK: store i8 1,
# CHECK: store float 0.000000e+00,
