# A `del` statement is rejected at the keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    x = 1
    del x
    a[0] = 1

# CHECK: {{.*}}unsupported-del.py:11:5: error: a 'del' statement is not supported in kernels
# CHECK-NEXT: {{^}}    del x{{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}
# CHECK-NOT: error
