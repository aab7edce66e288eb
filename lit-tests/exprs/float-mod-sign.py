# `%` on floats follows CPython's float_rem: fmod, then adding the divisor
# when the remainder's sign differs from the divisor's, so the result has
# the divisor's sign (-7.5 % 2.0 == 0.5).
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64, float64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float64[::1], float64, float64)' --emit=llvm -O0 | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, x, y):
    out[0] = x % y

# IR-LABEL: func @k(
# IR: [[R:%[0-9]+]] = mod %x, %y : float64
# IR: store %out[{{%[0-9]+}}], [[R]]

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: __nv_fmod
# LLVM: fadd double {{%[0-9a-z.]+}}, %y
