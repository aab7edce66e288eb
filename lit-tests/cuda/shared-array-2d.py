# cuda.shared.array((TILE, TILE + 1), np.float32) allocates a 2-d C-layout
# array in shared memory; the shape is a tuple of constant expressions,
# folded (16 and 17). The PTX declares 16 * 17 * 4 = 1088 bytes of .shared.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[:, ::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[:, ::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[:, ::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

import numpy as np

from pyjit import cuda

TILE = 16


@cuda.jit
def k(a):
    tile = cuda.shared.array((TILE, TILE + 1), np.float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    tile[ty, tx] = a[ty, tx]
    cuda.syncthreads()
    a[tx, ty] = tile[tx, ty]

# IR-LABEL: func @k(
# IR: [[R:%[0-9]+]] = const 16 : int64
# IR-NEXT: [[C:%[0-9]+]] = const 17 : int64
# IR-NEXT: [[T:%[0-9]+]] = alloc shared [[R]], [[C]] : array(float32, 2d, C)
# IR: store [[T]][{{%[0-9]+}}, {{%[0-9]+}}], {{%[0-9]+}}
# IR: load [[T]][{{%[0-9]+}}, {{%[0-9]+}}] : float32

# PTX: .shared .align {{[0-9]+}} .b8 {{.*}}[1088];
# PTX: st.shared.{{[bf]}}32
# PTX: bar.sync 0;
# PTX: ld.shared.{{[bf]}}32
