# A name declared `global` cannot be assigned: the kernel reads the global
# as a constant. The error is at the assignment's target.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


G = 0


@cuda.jit
def k(a):
    global G
    G = a[0]

# CHECK: {{.*}}assign-declared-global.py:15:5: error: cannot assign to 'G', declared global: a kernel reads globals as constants and cannot change them (numba.cuda freezes them too)
# CHECK-NEXT: {{^}}    G = a[0]{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NOT: error
