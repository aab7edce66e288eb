# A def that stands only in a branch decided false when compiling is never
# run, so a call to it is an error at the name (Python's NameError), not a
# call to the pruned def.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda

FAST = False


@cuda.jit
def k(a):
    if FAST:
        def f(v):
            return v + 1.0
    a[0] = f(a[0])

# CHECK: {{.*}}nested-def-only-in-pruned-branch.py:17:12: error: function 'f' is used before its def statement runs (Python's NameError), or its def is in code that never runs (a branch decided when compiling, or after a return)
# CHECK-NEXT: {{^}}    a[0] = f(a[0]){{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
# CHECK-NOT: error
