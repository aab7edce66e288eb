# A string is a compile-time value (numba's Literal[str]): it may be named,
# passed to a device function and compared with == and !=, but it has no
# run-time value: storing it is an error, with its whole extent underlined,
# and so is ordering strings.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    s = "hello"
    a[0] = s
    if s < "world":
        a[1] = 1

# CHECK: {{.*}}string-as-run-time-value.py:14:12: error: cannot store a value of type str into an array of float32
# CHECK-NEXT: {{^}}    a[0] = s{{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
# CHECK: {{.*}}string-as-run-time-value.py:15:8: error: strings compare with '==' and '!=' in kernels (when compiling)
# CHECK-NEXT: {{^}}    if s < "world":{{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~~{{$}}
# CHECK-NOT: error
