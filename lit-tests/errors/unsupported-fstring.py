# An f-string is rejected like any other string, with its extent underlined.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    s = f"{a[0]}"
    a[0] = 1

# CHECK: {{.*}}unsupported-fstring.py:10:9: error: an f-string is not supported in kernels
# CHECK-NEXT: {{^}}    s = f"{a[0]}"{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~{{$}}
# CHECK-NOT: error
