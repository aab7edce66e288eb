# A device function named by --sig without --abi is not compiled as a
# kernel (which would report "a kernel cannot return a value", or emit an
# .entry for one that returns nothing): pyjitc says what to pass.
#
# RUN: not %pyjitc %s --sig 'scale(float32, float32)' --emit=ptx 2>&1 | FileCheck %s
# RUN: not %pyjitc %s --sig 'store(float32[:], float32)' --emit=ir 2>&1 | FileCheck %s --check-prefix=NORET
# RUN: not %pyjitc %s --sig 'store(float32[:], float32)' --target=cpu --emit=llvm 2>&1 | FileCheck %s --check-prefix=CPU
# RUN: %pyjitc %s --sig 'scale(float32, float32)' --abi=numba --emit=ptx | FileCheck %s --check-prefix=ABI

from pyjit import cuda


@cuda.jit(device=True)
def scale(x, y):
    return x * y


@cuda.jit(device=True)
def store(a, v):
    a[0] = v

# CHECK: pyjitc: error: 'scale' is a device function (device=True), not a kernel: compile it on its own with --abi=numba {{.*}} or --abi=c, or compile a kernel that calls it
# NORET: pyjitc: error: 'store' is a device function (device=True), not a kernel
# CPU: pyjitc: error: 'store' is a device function (device=True), not a kernel: compile a kernel that calls it
# ABI: .func {{.*}}scale
