# atomic.and_, atomic.or_ and atomic.xor on integers are single atomic
# bitwise instructions that return the old value.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(uint32[::1], uint32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(uint32[::1], uint32)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(uint32[::1], uint32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, m):
    a[1] = cuda.atomic.and_(a, 0, m)
    a[2] = cuda.atomic.or_(a, 0, m)
    a[3] = cuda.atomic.xor(a, 0, m)

# IR-LABEL: func @k(
# IR: cuda.atomic.and_ %a, {{%[0-9]+}}, %m : uint32
# IR: cuda.atomic.or_ %a, {{%[0-9]+}}, %m : uint32
# IR: cuda.atomic.xor %a, {{%[0-9]+}}, %m : uint32

# PTX-LABEL: .visible .entry k(
# PTX: atom.global.and.b32
# PTX: atom.global.or.b32
# PTX: atom.global.xor.b32
