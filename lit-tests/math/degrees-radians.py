# math.degrees and math.radians keep float32 and are one multiply by
# 180/pi (57.2957795...) and pi/180 (0.0174532925...).
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=llvm | FileCheck %s --check-prefix=LLVM

import math

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = math.degrees(x)
    out[1] = math.radians(x)

# IR-LABEL: func @k(
# IR: math.degrees %x : float32
# IR: math.radians %x : float32

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: fmul {{(contract )?}}float %x, 0x404CA5DC20000000
# LLVM: fmul {{(contract )?}}float %x, 0x3F91DF46A0000000
