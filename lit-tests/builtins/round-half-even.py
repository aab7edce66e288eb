# round(x) rounds half to even and gives int64 (Python's round with one
# argument): round(0.5) == 0, round(1.5) == 2, round(2.5) == 2,
# round(-2.5) == -2, round(-0.5) == 0. Constant cases fold.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1], float32)' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = round(x)
    out[1] = round(0.5)
    out[2] = round(1.5)
    out[3] = round(2.5)
    out[4] = round(-2.5)
    out[5] = round(-0.5)

# IR-LABEL: func @k(
# IR: [[R:%[0-9]+]] = math.round %x : int64
# IR: store %out[{{%[0-9]+}}], [[R]]

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: call float @llvm.roundeven.f32(float %x)
# LLVM: store i64 0,
# LLVM: store i64 2,
# LLVM: store i64 2,
# LLVM: store i64 -2,
# LLVM: store i64 0,
