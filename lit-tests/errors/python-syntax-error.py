# A file Python itself cannot parse is reported like every other
# diagnostic: file:line:col, the source line and a caret; exit status 1.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a)
    a[0] = 1

# CHECK: {{.*}}python-syntax-error.py:10:9: error: expected ':'
# CHECK-NEXT: {{^}}def k(a){{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NOT: Traceback
