# A local assigned a number on one path and an array on another, both
# reaching one read, has no unifiable type: the error is at the second
# assignment, with a note at the definition that fixed the type.
# (Assignments that reach no common read are separate variables: numba's
# SSA versions; see lit-tests/assign/variable-webs.py.)
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(out, x):
    v = x
    if x > 0:
        v = out
    w = v

# CHECK: {{.*}}unify-number-then-array.py:16:9: error: variable 'v' is assigned both float32 and array(float32, 1d, C), which do not unify
# CHECK-NEXT: {{^}}        v = out{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK: {{.*}}unify-number-then-array.py:14:5: note: 'v' is float32 because of this definition
# CHECK-NEXT: {{^}}    v = x{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NOT: error
