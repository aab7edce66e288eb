# An architecture older than pyjit's oldest (sm_50, a Maxwell GPU) says which
# GPUs pyjit compiles for, not only that no PTX version is known.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --arch=sm_50 --emit=ptx 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1.0

# CHECK: pyjitc: error: no PTX ISA version is known for architecture 'sm_50': pyjit compiles for sm_70 and newer GPUs
