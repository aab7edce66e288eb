# A kernel that synchronizes its grid links the device library's grid
# barrier (which reads the grid workspace a cooperative launch provides).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=cubin -o %t.cubin
# RUN: strings %t.cubin | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    cuda.cg.this_grid().sync()
    a[cuda.grid(1)] = 1.0

# CHECK-DAG: __pyjit_coop_grid_sync

# pyjitc says the cubin must be launched cooperatively.
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=cubin -o %t2.cubin 2>&1 | FileCheck %s --check-prefix=NOTE
# NOTE: pyjitc: note: kernel 'k' synchronizes its grid (cuda.cg): launch it with cuLaunchCooperativeKernel
