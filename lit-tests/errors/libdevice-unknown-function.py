# A name libdevice does not have is named as missing from cuda.libdevice,
# with the closest function it has.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda
from pyjit.cuda import libdevice


@cuda.jit
def k(a):
    a[0] = libdevice.sinnf(a[0])

# CHECK: {{.*}}libdevice-unknown-function.py:12:12: error: cuda.libdevice has no function 'sinnf' (it has libdevice's functions, named without their __nv_ prefix) (did you mean 'cuda.libdevice.sinf'?)
# CHECK-NOT: error
