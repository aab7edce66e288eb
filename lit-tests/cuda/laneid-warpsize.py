# cuda.laneid and cuda.warpsize are int32 (the %laneid and WARP_SZ special
# registers).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(int32[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int32[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(int32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = cuda.laneid
    out[1] = cuda.warpsize

# IR-LABEL: func @k(
# IR: [[L:%[0-9]+]] = sreg laneid : int32
# IR: store %out[{{%[0-9]+}}], [[L]]
# IR: [[W:%[0-9]+]] = sreg warpsize : int32
# IR: store %out[{{%[0-9]+}}], [[W]]

# PTX-LABEL: .visible .entry k(
# PTX: %laneid
