# A string outside the docstring position is rejected, with its whole
# extent underlined.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    s = "hello"
    a[0] = 1

# CHECK: {{.*}}unsupported-string.py:11:9: error: a string value is not supported in kernels
# CHECK-NEXT: {{^}}    s = "hello"{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~{{$}}
# CHECK-NOT: error
