# math.floor of an integer is that integer as int64 (no float round trip).
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1], int32)' --emit=llvm | FileCheck %s --check-prefix=LLVM

import math

from pyjit import cuda


@cuda.jit
def k(out, n):
    out[0] = math.floor(n)

# IR-LABEL: func @k(
# IR: math.floor {{%[0-9]+}} : int64

# LLVM-LABEL: define {{.*}}void @k(
# LLVM-NOT: float
# LLVM-NOT: double
# LLVM: sext i32 %n to i64
