# A recursive device function is a function of its own: it cannot allocate
# shared memory (its recursive calls would share the block's one array).
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ptx 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda
from pyjit import float32


@cuda.jit(device=True)
def walk(a, n):
    s = cuda.shared.array(32, float32)
    if n == 0:
        return 0.0
    s[0] = a[0]
    return s[0] + walk(a, n - 1)


@cuda.jit
def k(a, n):
    a[0] = walk(a, n)

# CHECK: {{.*}}recursion-shared-array.py:12:9: error: cuda.shared.array in a recursive device function is not supported (it is called as a function of its own, not inlined)
