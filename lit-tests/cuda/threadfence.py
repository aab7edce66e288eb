# threadfence(), threadfence_block() and threadfence_system() are memory
# fences at device, block and system scope (membar.gl / .cta / .sys).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1
    cuda.threadfence()
    a[1] = 2
    cuda.threadfence_block()
    a[2] = 3
    cuda.threadfence_system()
    a[3] = 4

# IR-LABEL: func @k(
# IR: cuda.threadfence{{$}}
# IR: cuda.threadfence_block{{$}}
# IR: cuda.threadfence_system{{$}}

# PTX-LABEL: .visible .entry k(
# PTX: {{membar.gl|fence.sc.gpu}};
# PTX: {{membar.cta|fence.sc.cta}};
# PTX: {{membar.sys|fence.sc.sys}};
