# `a[i] == x` as a statement (an assignment mistyped) compiles, as in numba,
# but warns that the comparison's result is dropped and says to write '='.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 >/dev/null | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(out):
    i = cuda.grid(1)
    out[i] == 2.0
    if out[i] == 2.0:
        out[i] = 3.0

# CHECK: {{.*}}statement-equality-dropped-warns.py:12:5: warning: this statement has no effect: '==' compares and the result is dropped; write '=' to assign
# CHECK-NEXT: {{^}}    out[i] == 2.0{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~{{$}}
# CHECK-NOT: warning
# CHECK-NOT: error
