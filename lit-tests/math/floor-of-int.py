# math.floor of an integer is a float64, as numba-cuda 0.30.4's cudamath.py
# types it (float64(int64), float64(uint64)): the operand is converted first.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], int32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float64[::1], int32)' --emit=llvm | FileCheck %s --check-prefix=LLVM

import math

from pyjit import cuda


@cuda.jit
def k(out, n):
    out[0] = math.floor(n)

# IR-LABEL: func @k(
# IR: math.floor {{%[0-9]+}} : float64

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: [[F:%[0-9]+]] = sitofp i32 %n to double
# (the floor of an integral double folds away)
# LLVM: store double [[F]]
