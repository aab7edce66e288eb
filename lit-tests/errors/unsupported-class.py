# A class definition inside a kernel is rejected at the `class` keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    class C:
        pass
    a[0] = 1

# CHECK: {{.*}}unsupported-class.py:10:5: error: a 'class' definition is not supported in kernels
# CHECK-NEXT: {{^}}    class C:{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NOT: error
