# atomic.compare_and_swap(array, old, value) is cas on the array's first
# element: it returns the previous value of a[0].
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(uint64[::1], uint64, uint64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(uint64[::1], uint64, uint64)' --emit=llvm | FileCheck %s --check-prefix=LLVM
# RUN: %pyjitc %s --sig 'k(uint64[::1], uint64, uint64)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, old, new):
    a[1] = cuda.atomic.compare_and_swap(a, old, new)

# IR-LABEL: func @k(
# IR: [[Z:%[0-9]+]] = const 0 : int64
# IR-NEXT: [[R:%[0-9]+]] = cuda.atomic.compare_and_swap %a, [[Z]], %old, %new : uint64
# IR: store %a[{{%[0-9]+}}], [[R]]

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: cmpxchg ptr addrspace(1) %a.data, i64 %old, i64 %new
