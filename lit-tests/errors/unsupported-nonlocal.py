# A `nonlocal` declaration (valid Python in a kernel defined inside a
# function) is rejected at the keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


def make():
    g = 1

    @cuda.jit
    def k(a):
        nonlocal g
        a[0] = g
    return k


k = make()

# CHECK: {{.*}}unsupported-nonlocal.py:14:9: error: a 'nonlocal' declaration is not supported in kernels
# CHECK-NEXT: {{^}}        nonlocal g{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~{{$}}
# CHECK-NOT: error
