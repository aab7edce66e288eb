# brev returns the argument's type (uint32 -> uint32, int64 -> int64) and
# reverses that many bits (brev.b32 / brev.b64).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(uint32[::1], int64[::1], uint32, int64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(uint32[::1], int64[::1], uint32, int64)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(uint32[::1], int64[::1], uint32, int64)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(u, s, a, b):
    u[0] = cuda.brev(a)
    s[0] = cuda.brev(b)

# IR-LABEL: func @k(
# IR: [[A:%[0-9]+]] = cuda.brev %a : uint32
# IR: store %u[{{%[0-9]+}}], [[A]]
# IR: [[B:%[0-9]+]] = cuda.brev %b : int64
# IR: store %s[{{%[0-9]+}}], [[B]]

# PTX-LABEL: .visible .entry k(
# PTX: brev.b32
# PTX: brev.b64
