# syncthreads_count/and/or(pred) are barriers that reduce a predicate over
# the block and return int32 (bar.red.popc / .and / .or in PTX); a
# predicate of an integer is tested against zero (a float is refused, as in
# numba-cuda).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(int32[::1], float32, int32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int32[::1], float32, int32)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(int32[::1], float32, int32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(out, x, n):
    out[0] = cuda.syncthreads_count(x > 0)
    out[1] = cuda.syncthreads_and(x > 0)
    out[2] = cuda.syncthreads_or(n)

# IR-LABEL: func @k(
# IR: [[C:%[0-9]+]] = cuda.syncthreads_count {{%[0-9]+}} : int32
# IR: store %out[{{%[0-9]+}}], [[C]]
# IR: [[A:%[0-9]+]] = cuda.syncthreads_and {{%[0-9]+}} : int32
# IR: store %out[{{%[0-9]+}}], [[A]]
# IR: [[P:%[0-9]+]] = cast %n : int32 -> bool
# IR-NEXT: [[O:%[0-9]+]] = cuda.syncthreads_or [[P]] : int32
# IR: store %out[{{%[0-9]+}}], [[O]]

# PTX-LABEL: .visible .entry k(
# PTX: bar.red.popc.u32
# PTX: bar.red.and.pred
# PTX: bar.red.or.pred
