# Module-level Python numbers are frozen when the kernel is compiled: they
# become IR constants (weak, so SCALE * x stays float32), and the global
# names never appear in the IR.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda

N = 1000
SCALE = 0.25
OFFSET = N // 8


@cuda.jit
def k(out, x):
    i = cuda.grid(1)
    if i < N:
        out[i] = SCALE * x[i + OFFSET]

# CHECK-LABEL: func @k(
# CHECK-NOT: SCALE
# CHECK-NOT: OFFSET
# CHECK: [[N:%[0-9]+]] = const 1000 : int64
# CHECK: cmp lt {{%[0-9]+}}, [[N]] : bool
# CHECK: [[OFF:%[0-9]+]] = const 125 : int64
# CHECK: add {{%[0-9]+}}, [[OFF]] : int64
# CHECK: [[X:%[0-9]+]] = load %x[{{%[0-9]+}}] : float32
# CHECK: const 0.25 : {{float32|float64}}
# CHECK: [[P:%[0-9]+]] = mul {{%[0-9]+}}, [[X]] : float32
# CHECK: store %out[{{%[0-9]+}}], [[P]]
