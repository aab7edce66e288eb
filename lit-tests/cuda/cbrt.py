# cuda.cbrt(x) keeps float32 and calls libdevice's __nv_cbrtf.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=llvm -O0 | FileCheck %s --check-prefix=LLVM
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = cuda.cbrt(x)

# IR-LABEL: func @k(
# IR: [[R:%[0-9]+]] = cuda.cbrt %x : float32
# IR: store %out[{{%[0-9]+}}], [[R]]

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: __nv_cbrtf
