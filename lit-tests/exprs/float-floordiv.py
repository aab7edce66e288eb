# `//` on floats stays a float (float32 here) and follows CPython's
# float_floor_div: fmod for the remainder, (x - mod) / y, a floor, and a
# signed zero when the quotient is zero.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32, float32)' --emit=llvm -O0 | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, x, y):
    out[0] = x // y

# IR-LABEL: func @k(
# IR: [[Q:%[0-9]+]] = floordiv %x, %y : float32
# IR: store %out[{{%[0-9]+}}], [[Q]]

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: __nv_fmodf
# LLVM: fdiv float
# LLVM: call float @llvm.floor.f32
# LLVM: call float @llvm.copysign.f32(float 0.000000e+00,
# LLVM-NOT: double
