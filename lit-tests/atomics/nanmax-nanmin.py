# atomic.nanmax and atomic.nanmin ignore NaN on either side: the CAS loop
# stores v where v is a number (fcmp ord) and the stored value is NaN or
# beaten by it (unordered compare: fcmp ugt/ult), as numba-cuda's template;
# equal zeros keep the stored one.
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
# LLVM: fcmp ord float %v
# LLVM: fcmp ugt float %v, [[OLD:%[0-9]+]]
# LLVM: select i1
# LLVM: cmpxchg
# LLVM: fcmp ult float %v, [[OLD2:%[0-9]+]]
# LLVM: select i1
# LLVM: cmpxchg
# LLVM-NOT: maxnum
# LLVM-NOT: minnum
