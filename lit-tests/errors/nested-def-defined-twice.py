# Two defs of one name that both run (here in the branches of a run-time
# `if`) are refused at the second: a call could mean either.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    if a[0] > 1.0:
        def f(v):
            return v + 1.0
    else:
        def f(v):
            return v * 2.0
    a[0] = f(a[0])

# CHECK: {{.*}}nested-def-defined-twice.py:15:9: error: nested function 'f' is defined twice; give them different names
# CHECK-NEXT: {{^}}        def f(v):{{$}}
# CHECK-NOT: error
