# Augmented assignment with the bitwise and shift operators (&= |= ^= <<=
# >>=) on an int64 local.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, n):
    v = n
    v &= 12
    v |= 1
    v ^= 5
    v <<= 2
    v >>= 1
    out[0] = v

# CHECK-LABEL: func @k(
# CHECK: [[A:%[0-9]+]] = and %n, {{%[0-9]+}} : int64
# CHECK: [[O:%[0-9]+]] = or [[A]], {{%[0-9]+}} : int64
# CHECK: [[X:%[0-9]+]] = xor [[O]], {{%[0-9]+}} : int64
# CHECK: [[L:%[0-9]+]] = shl [[X]], {{%[0-9]+}} : int64
# CHECK: [[R:%[0-9]+]] = shr [[L]], {{%[0-9]+}} : int64
# CHECK: store %out[{{%[0-9]+}}], [[R]]
