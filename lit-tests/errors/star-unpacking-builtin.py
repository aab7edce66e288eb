# '*' unpacking works for device functions only; a built-in call names it.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    t = (1.0, 2.0)
    a[0] = max(*t)

# CHECK: {{.*}}star-unpacking-builtin.py:11:16: error: '*' unpacking is supported in calls of device functions only
# CHECK-NEXT: {{^}}    a[0] = max(*t){{$}}
# CHECK-NEXT: {{^}}               ^~{{$}}
