# atomic.max on floats (numba's semantics) keeps a NaN already stored and
# ignores a NaN argument: a compare-and-swap loop storing
# `v if v > old else old` (an ordered compare, false when either is NaN).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=llvm | FileCheck %s --check-prefix=LLVM
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, v):
    cuda.atomic.max(a, 0, v)

# IR-LABEL: func @k(
# IR: cuda.atomic.max %a, {{%[0-9]+}}, %v : float32

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: [[OLD:%[0-9]+]] = bitcast i32 {{%[0-9]+}} to float
# LLVM-NEXT: [[GT:%[0-9]+]] = fcmp ogt float %v, [[OLD]]
# LLVM-NEXT: select i1 [[GT]], float %v, float [[OLD]]
# LLVM: cmpxchg ptr addrspace(1)
# LLVM-NOT: maxnum
