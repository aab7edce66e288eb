# `~True` and `~False` are the ints -2 and -1, as CPython folds them (bool's
# __invert__ is int's) before numba-cuda types the kernel; `~b` of a bool
# value is logical not, as in numba and NumPy.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], bool)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, b):
    out[0] = ~True
    out[1] = (~False) & 63
    out[2] = ~b

# CHECK-LABEL: func @k(
# CHECK: const -2 : int64
# CHECK: const 63 : int64
# CHECK: not %b : bool
