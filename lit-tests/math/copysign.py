# math.copysign(x, y) keeps float32 (the weak -1.0 becomes float32) and is
# LLVM's copysign; copysign(1.0, -0.0) folds to -1.0 (the sign of zero is
# honoured).
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float64[::1], float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float64[::1], float32)' --emit=llvm | FileCheck %s --check-prefix=LLVM

import math

from pyjit import cuda


@cuda.jit
def k(out, dout, x):
    out[0] = math.copysign(x, -1.0)
    dout[0] = math.copysign(1.0, -0.0)

# IR-LABEL: func @k(
# IR: [[M:%[0-9]+]] = const -1 : float32
# IR-NEXT: math.copysign %x, [[M]] : float32

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: store double -1.000000e+00, ptr addrspace(1) %dout.data
