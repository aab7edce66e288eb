# A string is a compile-time value (numba's Literal[str]): it may be named,
# passed to a device function, compared and ordered with another constant,
# but it has no run-time value: storing it is an error, with its whole extent
# underlined; and a string known only at run time is not ordered.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    s = "hello"
    a[0] = s
    t = "x" if a[0] > 0 else "y"
    if t < "world":
        a[1] = 1

# CHECK: {{.*}}string-as-run-time-value.py:14:12: error: cannot store a value of type str into an array of float32
# CHECK-NEXT: {{^}}    a[0] = s{{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
# CHECK: {{.*}}string-as-run-time-value.py:16:8: error: a string known only at run time compares with '==' and '!=' in kernels
# CHECK-NEXT: {{^}}    if t < "world":{{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~~{{$}}
# CHECK-NOT: error
