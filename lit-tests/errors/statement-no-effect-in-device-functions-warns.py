# The no-effect warnings come from device functions and nested defs too
# (typed first in the caller's quiet passes: their warnings are kept and
# given once), a chain of '==' warns, and a comparison of a call (which has
# its effect) does not.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 >/dev/null | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit(device=True)
def load(a, i):
    cuda.syncthreads
    return a[i]


@cuda.jit
def k(a):
    i = cuda.grid(1)
    a[i] = load(a, i) + load(a, i)
    a[0] == a[1] == 7.0
    cuda.atomic.add(a, 0, 1.0) == 0.0

    def inner():
        cuda.syncwarp
    inner()

# CHECK: {{.*}}.py:13:5: warning: this statement has no effect: cuda.syncthreads is a function that is not called
# CHECK: {{.*}}.py:21:5: warning: this statement has no effect: '==' compares and the result is dropped; write '=' to assign
# CHECK: {{.*}}.py:25:9: warning: this statement has no effect: cuda.syncwarp is a function that is not called
# CHECK-NOT: warning
# CHECK-NOT: error
