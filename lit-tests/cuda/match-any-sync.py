# match_any_sync(mask, v) returns the uint32 mask of the lanes holding the
# same value (match.any.sync, .b32 for 32-bit values, .b64 for 64-bit).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(uint32[::1], int32, int64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(uint32[::1], int32, int64)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(uint32[::1], int32, int64)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(out, v, w):
    out[0] = cuda.match_any_sync(0xffffffff, v)
    out[1] = cuda.match_any_sync(0xffffffff, w)

# IR-LABEL: func @k(
# IR: [[M:%[0-9]+]] = cuda.match_any_sync {{%[0-9]+}}, %v : uint32
# IR: store %out[{{%[0-9]+}}], [[M]]
# IR: cuda.match_any_sync {{%[0-9]+}}, %w : uint32

# PTX-LABEL: .visible .entry k(
# PTX: match.any.sync.b32
# PTX: match.any.sync.b64
