# Constant expressions of literals and globals fold at compile time:
# TILE + 1, TILE * 2 - 3, 2 ** 10 and TILE // 3 become constants, with no
# arithmetic left in the IR.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda

TILE = 16


@cuda.jit
def k(out):
    out[0] = TILE + 1
    out[1] = TILE * 2 - 3
    out[2] = 2 ** 10
    out[3] = TILE // 3

# CHECK-LABEL: func @k(
# CHECK-NOT: add
# CHECK-NOT: mul
# CHECK: const 17 : int64
# CHECK: const 29 : int64
# CHECK: const 1024 : int64
# CHECK: const 5 : int64
# CHECK-NOT: add
# CHECK-NOT: mul
# CHECK-NOT: pow
# CHECK-NOT: floordiv
