# `**` on float32 stays float32 with a weak exponent; a float exponent
# calls libdevice's powf; an integer one is numba's repeated squaring (its
# exponent stays an int64), which for `x ** 2` optimizes to the single
# multiply x * x.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32)' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, x, y):
    out[0] = x ** y
    out[1] = x ** 2

# IR-LABEL: func @k(
# IR: pow %x, %y : float32
# IR: [[TWO:%[0-9]+]] = const 2 : int64
# IR: pow %x, [[TWO]] : float32

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: fmul {{(contract )?}}float %x, %x
# LLVM-NOT: double
