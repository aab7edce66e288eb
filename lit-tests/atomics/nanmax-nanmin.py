# atomic.nanmax and atomic.nanmin ignore NaN on either side: the CAS loop
# stores maxnum/minnum(old, v), which return the non-NaN operand.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=llvm | FileCheck %s --check-prefix=LLVM
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, v):
    cuda.atomic.nanmax(a, 0, v)
    cuda.atomic.nanmin(a, 1, v)

# IR-LABEL: func @k(
# IR: cuda.atomic.nanmax %a, {{%[0-9]+}}, %v : float32
# IR: cuda.atomic.nanmin %a, {{%[0-9]+}}, %v : float32

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: call float @llvm.maxnum.f32(float {{%[0-9]+}}, float %v)
# LLVM: cmpxchg
# LLVM: call float @llvm.minnum.f32(float {{%[0-9]+}}, float %v)
# LLVM: cmpxchg
