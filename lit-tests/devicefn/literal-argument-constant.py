# A device function's literal argument is a constant in the callee (numba's
# Literal[int]): it sizes a shared array, and a literal False prunes an `if`
# whose branch is never typed or lowered.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>/dev/null | FileCheck %s

from pyjit import cuda, float32


@cuda.jit(device=True)
def stage(a, n, twice):
    s = cuda.shared.array(n, float32)
    s[0] = a[0]
    if twice:
        s[0] = s[0] * 2
    a[1] = s[0]


@cuda.jit
def k(a):
    stage(a, 48, False)

# CHECK-LABEL: func @k(
# CHECK: [[N:%[0-9]+]] = const 48 : int64
# CHECK: alloc shared [[N]] : array(float32, 1d, C)
# CHECK-NOT: mul
# CHECK: ret
