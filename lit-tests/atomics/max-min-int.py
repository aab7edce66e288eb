# atomic.max and atomic.min on integers are single atomic instructions,
# signed or unsigned by the dtype (atom.max.s32, atom.min.u64).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(int32[::1], uint64[::1], int32, uint64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int32[::1], uint64[::1], int32, uint64)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(int32[::1], uint64[::1], int32, uint64)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, b, v, w):
    cuda.atomic.max(a, 0, v)
    cuda.atomic.min(b, 0, w)

# IR-LABEL: func @k(
# IR: cuda.atomic.max %a, {{%[0-9]+}}, %v : int32
# IR: cuda.atomic.min %b, {{%[0-9]+}}, %w : uint64

# PTX-LABEL: .visible .entry k(
# PTX: atom.global.max.s32
# PTX: atom.global.min.u64
