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
