# range(n) of a uint32 counts in uint64, as numba-cuda resolves its Range
# template (the uint64 signature wins by a promotion; uint32 -> int64 is a
# safe conversion, rated worse); with a Python int literal among the
# arguments (range(0, n)) its int64 signature wins.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], uint32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, n):
    for j in range(n):
        out[0] = j
    for j in range(0, n):
        out[1] = j

# CHECK-LABEL: func @k(
# CHECK: cast %n : uint32 -> uint64
# CHECK: cast {{%[0-9]+}} : uint64 -> float64
# CHECK: cast %n : uint32 -> int64
# CHECK: cast {{%[0-9]+}} : int64 -> float64
