# Assigning to a slice is rejected (docs/language.md): the error is at the
# target and suggests a loop.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[1:3] = 0

# CHECK: {{.*}}slice-assignment-rejected.py:11:5: error: assigning to an array slice is not supported in kernels (assign the elements in a loop)
# CHECK-NEXT: {{^}}    a[1:3] = 0{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
# CHECK-NOT: error
