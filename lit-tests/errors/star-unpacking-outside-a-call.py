# '*' unpacking works in calls (of device functions and of built-ins named
# directly); elsewhere, as in a `for` loop's range(), it is an error there.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    for i in range(*(1, 3)):
        a[i] = 1.0

# CHECK: {{.*}}star-unpacking-outside-a-call.py:11:20: error: '*' unpacking is not supported in this call (write the arguments out)
# CHECK-NEXT: {{^}}    for i in range(*(1, 3)):{{$}}
# CHECK-NEXT: {{^}}                   ^~~~~~~{{$}}
