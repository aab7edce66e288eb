# Loads from a read-only array argument (a non-writeable NumPy array) use the
# non-coherent path, ld.global.nc; stores go to the writeable one.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(readonly array(float32, 1d, C), float32[::1])' --emit=ptx | FileCheck %s
# RUN: %pyjitc %s --sig 'k(readonly array(float32, 1d, C), float32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * 2.0

# CHECK-LABEL: .visible .entry k(
# CHECK: ld.global.nc.b32
# CHECK: st.global.b32
