# A name that is neither local, global nor a builtin is an error at the
# name, with its full extent underlined.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, x):
    i = cuda.grid(1)
    a[i] = x * scale_factor

# CHECK: {{.*}}undefined-name.py:12:16: error: name 'scale_factor' is not defined
# CHECK-NEXT: {{^}}    a[i] = x * scale_factor{{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~~~{{$}}
# CHECK-NOT: error
