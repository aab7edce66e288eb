# '*' unpacking works in calls (of device functions and of built-ins named
# directly, range(*t) too); in a `for` loop's zip() or enumerate(), it is an
# error there.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    for x, y in zip(*(a, a)):
        a[0] = x + y

# CHECK: {{.*}}star-unpacking-outside-a-call.py:12:21: error: '*' unpacking is not supported in this call (write the arguments out)
# CHECK-NEXT: {{^}}    for x, y in zip(*(a, a)):{{$}}
# CHECK-NEXT: {{^}}                    ^~~~~~~{{$}}
