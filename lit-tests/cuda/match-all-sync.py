# match_all_sync(mask, v) returns a (uint32, bool) pair: the mask if every
# lane in it holds the same value (else 0), and that predicate.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(uint32[::1], bool[::1], int32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(uint32[::1], bool[::1], int32)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(uint32[::1], bool[::1], int32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(out, flag, v):
    m, same = cuda.match_all_sync(0xffffffff, v)
    out[0] = m
    flag[0] = same

# IR-LABEL: func @k(
# IR: [[M:%[0-9]+]] = cuda.match_all_sync {{%[0-9]+}}, %v : uint32
# IR: [[P:%[0-9]+]] = cmp ne [[M]], {{%[0-9]+}} : bool
# IR: store %out[{{%[0-9]+}}], [[M]]
# IR: store %flag[{{%[0-9]+}}], [[P]]

# PTX-LABEL: .visible .entry k(
# PTX: match.all.sync.b32
