# cuda.nanosleep(ns) suspends the thread for about ns nanoseconds (the
# duration is a uint32; nanosleep.u32 in PTX).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a):
    cuda.nanosleep(100)
    a[0] = 1

# IR-LABEL: func @k(
# IR: [[N:%[0-9]+]] = const 100 : uint32
# IR-NEXT: cuda.nanosleep [[N]]

# PTX-LABEL: .visible .entry k(
# PTX: nanosleep.u32 100;
