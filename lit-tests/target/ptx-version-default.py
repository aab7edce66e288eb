# Without --ptx-version, pyjitc declares the newest PTX version that both
# LLVM and the installed nvJitLink read (CUDA 13.0: PTX ISA 9.0), and never
# less than the arch needs (sm_90a: 8.0).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1])' | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1])' | %ptxas -arch=sm_90 -o /dev/null -
# RUN: %pyjitc %s --sig 'k(float32[::1])' --arch=sm_90a | %ptxas -arch=sm_90a -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1.0

# CHECK: .version {{(8\.[0-9]|9\.[0-9])}}
# CHECK-NEXT: .target sm_90
