# float64 arithmetic in a kernel whose arrays are all float32 compiles but
# warns (pyjit.PerformanceWarning in Python), pointing at the operation and,
# in a note, at the float64 operand.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 >/dev/null | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(out, x):
    s = 2.0
    out[0] = x * s

# CHECK: {{.*}}float64-warning-float32-kernel.py:13:14: warning: float64 arithmetic in a kernel whose arrays are all float32 {{.*}}
# CHECK-NEXT: {{^}}    out[0] = x * s{{$}}
# CHECK-NEXT: {{^}}             ^~~~~{{$}}
# CHECK: {{.*}}float64-warning-float32-kernel.py:13:18: note: this operand {{.*}}float64{{.*}}
# CHECK-NEXT: {{^}}    out[0] = x * s{{$}}
# CHECK-NEXT: {{^}}                 ^{{$}}
# CHECK-NOT: error
