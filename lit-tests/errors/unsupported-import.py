# An `import` statement inside a kernel is rejected at the keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    import math
    a[0] = math.pi

# CHECK: {{.*}}unsupported-import.py:10:5: error: an 'import' statement is not supported in kernels
# CHECK-NEXT: {{^}}    import math{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
# CHECK-NOT: error
