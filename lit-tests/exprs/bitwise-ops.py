# & | ^ << >> on int32 operands compute in int64 (integer arithmetic
# widens to 64 bits).
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int32, int32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a & b
    out[1] = a | b
    out[2] = a ^ b
    out[3] = a << b
    out[4] = a >> b

# CHECK-LABEL: func @k(
# CHECK: and {{%[0-9]+}}, {{%[0-9]+}} : int64
# CHECK: or {{%[0-9]+}}, {{%[0-9]+}} : int64
# CHECK: xor {{%[0-9]+}}, {{%[0-9]+}} : int64
# CHECK: shl {{%[0-9]+}}, {{%[0-9]+}} : int64
# CHECK: shr {{%[0-9]+}}, {{%[0-9]+}} : int64
# CHECK-NOT: : int32{{$}}
