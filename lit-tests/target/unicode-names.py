# Python names may hold any letter; PTX identifiers are ASCII (LLVM's NVPTX
# backend aborted the process on `kλ`): other bytes are spelled _xHH, for the
# kernel and a recursive device function's .func alike.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'kλ(float64[::1])' -O0 | FileCheck %s
# RUN: %pyjitc %s --sig 'kλ(float64[::1])' -g -O0 | %ptxas -arch=sm_90 -g -o /dev/null -

from pyjit import cuda


@cuda.jit(device=True)
def rλ(x):
    if x > 0:
        return rλ(x - 1) + 1
    return 1


@cuda.jit
def kλ(a):
    a[0] = rλ(3)

# CHECK-DAG: .func {{.*}}__pyjit_fn_r_xce_xbb_0(
# CHECK-DAG: .entry k_xce_xbb(
