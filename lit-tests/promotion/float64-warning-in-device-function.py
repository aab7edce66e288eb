# float64 arithmetic in a device function called from a kernel whose arrays
# are all float32 warns too, at the device function's line; called from a
# kernel of float64 arrays, it does not.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 >/dev/null | FileCheck %s --strict-whitespace
# RUN: %pyjitc %s --sig 'k(float64[::1], float64)' --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=WIDE --allow-empty

from pyjit import cuda


@cuda.jit(device=True)
def scaled(x):
    s = 2.0
    return x * s


@cuda.jit
def k(out, x):
    out[0] = scaled(x)

# CHECK: {{.*}}float64-warning-in-device-function.py:14:12: warning: float64 arithmetic in device function 'scaled', called from a kernel whose arrays are all float32 (float32 * float64 gives float64){{.*}}
# CHECK-NEXT: {{^}}    return x * s{{$}}
# CHECK-NEXT: {{^}}           ^~~~~{{$}}
# CHECK: {{.*}}float64-warning-in-device-function.py:14:16: note: this operand {{.*}}float64{{.*}}
# CHECK-NOT: error
# WIDE-NOT: warning
