# `**` on float32 stays float32 with a weak exponent; a general exponent
# calls libdevice's powf, and `x ** 2` is the single multiply x * x (which
# is the correctly rounded result).
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32)' --emit=llvm -O0 | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, x, y):
    out[0] = x ** y
    out[1] = x ** 2

# IR-LABEL: func @k(
# IR: pow %x, %y : float32
# IR: pow %x, {{%[0-9]+}} : float32

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: __nv_powf
# LLVM: fmul float %x, %x
# LLVM-NOT: double
