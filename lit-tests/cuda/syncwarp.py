# cuda.syncwarp() synchronises the full warp (mask 0xffffffff, uint32);
# syncwarp(mask) uses the given mask (bar.warp.sync).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a):
    cuda.syncwarp()
    cuda.syncwarp(0xff)

# IR-LABEL: func @k(
# IR: [[F:%[0-9]+]] = const 4294967295 : uint32
# IR-NEXT: cuda.syncwarp [[F]]
# IR: [[M:%[0-9]+]] = const 255 : uint32
# IR-NEXT: cuda.syncwarp [[M]]

# PTX-LABEL: .visible .entry k(
# PTX: bar.warp.sync -1;
# PTX: bar.warp.sync 255;
