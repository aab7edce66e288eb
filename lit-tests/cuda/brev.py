# brev takes numba-cuda's signatures, uint32(uint32) and uint64(uint64), the
# first that takes the argument: a uint64 reverses 64 bits (brev.b64), any
# other integer is converted to uint32 and reverses 32 (brev.b32).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(uint32[::1], int64[::1], uint64[::1], uint32, int64, uint64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(uint32[::1], int64[::1], uint64[::1], uint32, int64, uint64)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(uint32[::1], int64[::1], uint64[::1], uint32, int64, uint64)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(u, s, w, a, b, c):
    u[0] = cuda.brev(a)
    s[0] = cuda.brev(b)
    w[0] = cuda.brev(c)

# IR-LABEL: func @k(
# IR: [[A:%[0-9]+]] = cuda.brev %a : uint32
# IR: store %u[{{%[0-9]+}}], [[A]]
# IR: [[B32:%[0-9]+]] = cast %b : int64 -> uint32
# IR: [[B:%[0-9]+]] = cuda.brev [[B32]] : uint32
# IR: [[C:%[0-9]+]] = cuda.brev %c : uint64
# IR: store %w[{{%[0-9]+}}], [[C]]

# PTX-LABEL: .visible .entry k(
# PTX: brev.b32
# PTX: brev.b32
# PTX: brev.b64
