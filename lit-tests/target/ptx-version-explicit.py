# --ptx-version declares the given PTX ISA version when the arch allows it.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1])' --ptx-version=8.0 | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1])' --ptx-version=8.0 | %ptxas -arch=sm_90 -o /dev/null -
# RUN: %pyjitc %s --sig 'k(float32[::1])' --arch=sm_70 --ptx-version=6.0 | FileCheck %s --check-prefix=SM70

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1.0

# CHECK: .version 8.0
# CHECK-NEXT: .target sm_90
# SM70: .version 6.0
# SM70-NEXT: .target sm_70
