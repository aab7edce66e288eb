# round() of an integer is the integer, as int64.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1], int32)' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, i):
    out[0] = round(i)

# IR-LABEL: func @k(
# IR: math.round {{%[0-9]+}} : int64

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: [[W:%[0-9]+]] = sext i32 %i to i64
# LLVM-NEXT: store i64 [[W]],
