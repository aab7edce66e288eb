# cuda.atomic.sub subtracts atomically and returns the old value; on
# integers it is an atomic add of the negated value.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(int32[::1], int32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int32[::1], int32)' --emit=llvm | FileCheck %s --check-prefix=LLVM
# RUN: %pyjitc %s --sig 'k(int32[::1], int32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, v):
    a[1] = cuda.atomic.sub(a, 0, v)

# IR-LABEL: func @k(
# IR: [[OLD:%[0-9]+]] = cuda.atomic.sub %a, {{%[0-9]+}}, %v : int32
# IR: store %a[{{%[0-9]+}}], [[OLD]]

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: atomicrmw sub ptr addrspace(1) %a.data, i32 %v
