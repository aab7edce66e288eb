# cuda.syncthreads() is a block-wide barrier: bar.sync 0.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1
    cuda.syncthreads()
    a[1] = 2

# IR-LABEL: func @k(
# IR: store %a
# IR-NEXT: cuda.syncthreads
# IR-NEXT: const

# PTX-LABEL: .visible .entry k(
# PTX: st.global
# PTX: bar.sync 0;
# PTX: st.global
