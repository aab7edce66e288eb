# A statement that names a function without calling it (`cuda.syncthreads`
# for `cuda.syncthreads()`) compiles, as in numba, but warns
# (pyjit.CompileWarning in Python): the barrier it looks like is not there.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 >/dev/null | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(out):
    i = cuda.grid(1)
    cuda.syncthreads
    out[i] = 1

# CHECK: {{.*}}statement-function-not-called-warns.py:13:5: warning: this statement has no effect: cuda.syncthreads is a function that is not called; write cuda.syncthreads() to call it
# CHECK-NEXT: {{^}}    cuda.syncthreads{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
