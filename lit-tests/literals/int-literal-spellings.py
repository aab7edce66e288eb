# Integer literals in every Python spelling: hex, octal, binary, with
# underscores, and upper-case prefixes. Each is a constant of the literal's
# value, typed int64.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = 0x1F
    out[1] = 0o17
    out[2] = 0b101
    out[3] = 1_000_000
    out[4] = 0XFF
    out[5] = 0B1_0
    out[6] = 0O7_7
    out[7] = 0

# CHECK-LABEL: func @k(
# CHECK: const 31 : int64
# CHECK: const 15 : int64
# CHECK: const 5 : int64
# CHECK: const 1000000 : int64
# CHECK: const 255 : int64
# CHECK: const 2 : int64
# CHECK: const 63 : int64
