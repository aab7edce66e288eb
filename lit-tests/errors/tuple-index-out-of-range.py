# A constant tuple index past the end is an error at the index.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    t = (1.0, 2.0)
    a[0] = t[2]

# CHECK: {{.*}}tuple-index-out-of-range.py:11:14: error: tuple index 2 out of range for a tuple of 2{{$}}
# CHECK-NEXT: {{^}}    a[0] = t[2]{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
# CHECK-NOT: error
