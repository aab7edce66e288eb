# all_sync, any_sync and eq_sync(mask, pred) return int32 and ballot_sync
# returns uint32 (vote.sync.all/any/uni/ballot); a number predicate is
# tested against zero.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(int64[::1], int32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1], int32)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(int64[::1], int32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(out, v):
    out[0] = cuda.all_sync(0xffffffff, v)
    out[1] = cuda.any_sync(0xffffffff, v > 3)
    out[2] = cuda.eq_sync(0xffffffff, v)
    out[3] = cuda.ballot_sync(0xffffffff, v > 3)

# IR-LABEL: func @k(
# IR: [[P:%[0-9]+]] = cast %v : int32 -> bool
# IR-NEXT: cuda.all_sync {{%[0-9]+}}, [[P]] : int32
# IR: cuda.any_sync {{%[0-9]+}}, {{%[0-9]+}} : int32
# IR: cuda.eq_sync {{%[0-9]+}}, {{%[0-9]+}} : int32
# IR: [[B:%[0-9]+]] = cuda.ballot_sync {{%[0-9]+}}, {{%[0-9]+}} : uint32
# IR-NEXT: const 3 : int64
# IR-NEXT: cast [[B]] : uint32 -> int64

# PTX-LABEL: .visible .entry k(
# PTX: vote.sync.all.pred
# PTX: vote.sync.any.pred
# PTX: vote.sync.uni.pred
# PTX: vote.sync.ballot.b32
