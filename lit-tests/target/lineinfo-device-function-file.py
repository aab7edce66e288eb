# Code inlined from a device function in another file is attributed to that
# file's lines (a second .file entry), not to the kernel's.
#
# REQUIRES: ptxas
# RUN: env PYTHONPATH=%S/Inputs:%pyjit_pythonpath %pyjitc %s --sig 'k(float32[::1])' --lineinfo -O0 | FileCheck %s
# RUN: env PYTHONPATH=%S/Inputs:%pyjit_pythonpath %pyjitc %s --sig 'k(float32[::1])' --lineinfo | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda
from scale import scale


@cuda.jit
def k(a):
    a[0] = scale(a[0])

# The .file table comes after the code: file 1 is the kernel's, 2 scale.py.
# CHECK-LABEL: .entry k(
# CHECK: .loc 1 14
# CHECK: .loc 2 6
# CHECK: .file 1 "{{.*}}lineinfo-device-function-file.py"
# CHECK-NEXT: .file 2 "{{.*}}Inputs{{/|\\}}scale.py"
