# --lineinfo adds .file/.loc directives (what nvcc -lineinfo gives), so
# profilers and cuda-gdb map SASS back to Python lines; without it, none.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --lineinfo | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --lineinfo | %ptxas -arch=sm_90 -lineinfo -o /dev/null -
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' | FileCheck %s --check-prefix=NONE

from pyjit import cuda


@cuda.jit
def k(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * 2.0

# The .file table comes after the code.
# CHECK-LABEL: .entry k(
# CHECK: .loc 1 14
# CHECK: .loc 1 16
# CHECK: .file 1 "{{.*}}lineinfo.py"
# NONE-NOT: .loc
