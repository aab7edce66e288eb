# atomic.add on float16 is the native atom.add.noftz.f16 (sm_70 and later; CUDA 13 ptxas starts at sm_75),
# not a compare-and-swap loop.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float16[::1], float16)' | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float16[::1], float16)' | %ptxas -arch=sm_90 -o /dev/null -
# RUN: %pyjitc %s --sig 'k(float16[::1], float16)' --arch=sm_75 --ptx-version=6.3 | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float16[::1], float16)' --arch=sm_75 --ptx-version=6.3 | %ptxas -arch=sm_75 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, v):
    cuda.atomic.add(a, 0, v)

# CHECK-LABEL: .entry k(
# CHECK: atom.global.add.noftz.f16
# CHECK-NOT: atom.global.cas
