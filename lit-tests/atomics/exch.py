# atomic.exch stores the value and returns the old one (atom.exch), for
# floats as well as integers.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, v):
    a[1] = cuda.atomic.exch(a, 0, v)

# IR-LABEL: func @k(
# IR: [[OLD:%[0-9]+]] = cuda.atomic.exch %a, {{%[0-9]+}}, %v : float32
# IR: store %a[{{%[0-9]+}}], [[OLD]]

# PTX-LABEL: .visible .entry k(
# PTX: atom.global.exch.b32
