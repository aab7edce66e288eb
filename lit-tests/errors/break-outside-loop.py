# `break` outside a loop is a Python syntax error, reported at the keyword.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    break

# CHECK: {{.*}}break-outside-loop.py:10:5: error: 'break' outside loop
# CHECK-NEXT: {{^}}    break{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NOT: error
