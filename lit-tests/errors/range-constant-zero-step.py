# A constant zero step is known at compile time to be an error (Python
# raises ValueError): reported at the step. (A zero step that is only
# known at run time runs no iteration: loops/range-runtime-step.py.)
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    for i in range(0, 10, 0):
        a[i] = 0

# CHECK: {{.*}}range-constant-zero-step.py:12:27: error: range() step must not be zero
# CHECK-NEXT: {{^}}    for i in range(0, 10, 0):{{$}}
# CHECK-NEXT: {{^}}                          ^{{$}}
# CHECK-NOT: error
