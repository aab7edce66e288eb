# breakpoint() in a kernel is numba-cuda's cuda-gdb stop: PTX `brkpt;`, kept
# where it is written (before the store).
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ptx | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(o):
    breakpoint()
    o[0] = 1

# CHECK-LABEL: .entry k(
# CHECK: brkpt;
# CHECK: st.global.b64
