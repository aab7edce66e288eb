# A try statement is rejected at the `try` keyword, with the source line
# and a caret under the keyword; pyjitc exits with status 1.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    try:
        a[0] = 1
    except Exception:
        a[0] = 2

# CHECK: {{.*}}unsupported-try.py:11:5: error: a 'try' statement is not supported in kernels
# CHECK-NEXT: {{^}}    try:{{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}
# CHECK-NOT: error
