# math.floor, math.ceil and math.trunc give int64 (Python returns an int):
# round toward -inf / +inf / zero, then a saturating conversion. Constant
# cases fold: floor(-2.5) == -3, ceil(-2.5) == -2, trunc(-2.5) == -2.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1], float32)' --emit=llvm | FileCheck %s --check-prefix=LLVM

import math

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = math.floor(x)
    out[1] = math.ceil(x)
    out[2] = math.trunc(x)
    out[3] = math.floor(-2.5)
    out[4] = math.ceil(-2.5)
    out[5] = math.trunc(-2.5)

# IR-LABEL: func @k(
# IR: math.floor %x : int64
# IR: math.ceil %x : int64
# IR: math.trunc %x : int64

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: [[F:%[0-9]+]] = {{.*}}call float @llvm.floor.f32(float %x)
# LLVM: call i64 @llvm.fptosi.sat.i64.f32(float [[F]])
# LLVM: call float @llvm.ceil.f32(float %x)
# LLVM: call float @llvm.trunc.f32(float %x)
# LLVM: store i64 -3,
# LLVM: store i64 -2,
# LLVM: store i64 -2,
