# atomic.cas(array, index, old, value) stores value only if the element
# equals old, and returns the element's previous value (atom.cas).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(int32[::1], int64, int32, int32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int32[::1], int64, int32, int32)' --emit=llvm | FileCheck %s --check-prefix=LLVM
# RUN: %pyjitc %s --sig 'k(int32[::1], int64, int32, int32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, i, old, new):
    a[0] = cuda.atomic.cas(a, i, old, new)

# IR-LABEL: func @k(
# IR: [[R:%[0-9]+]] = cuda.atomic.cas %a, {{%[0-9]+}}, %old, %new : int32
# IR: store %a[{{%[0-9]+}}], [[R]]

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: [[X:%[0-9]+]] = cmpxchg ptr addrspace(1) {{%[0-9]+}}, i32 %old, i32 %new
# LLVM: extractvalue { i32, i1 } [[X]], 0
