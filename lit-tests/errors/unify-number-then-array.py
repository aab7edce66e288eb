# A local assigned a number and then an array has no unifiable type: the
# error is at the second assignment, with a note at the definition that
# fixed the type.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(out, x):
    v = x
    v = out
    out[0] = 1

# CHECK: {{.*}}unify-number-then-array.py:13:5: error: variable 'v' is assigned both float32 and array(float32, 1d, C), which do not unify
# CHECK-NEXT: {{^}}    v = out{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK: {{.*}}unify-number-then-array.py:12:5: note: 'v' is float32 because of this definition
# CHECK-NEXT: {{^}}    v = x{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NOT: error
