# cuda.local.array(4, np.int32) is a per-thread array in local memory:
# an `alloc local` of the constant extent, indexed like any array.
#
# RUN: %pyjitc %s --sig 'k(int32[::1], int64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int32[::1], int64)' --emit=llvm -O0 | FileCheck %s --check-prefix=LLVM

import numpy as np

from pyjit import cuda


@cuda.jit
def k(a, n):
    buf = cuda.local.array(4, np.int32)
    for j in range(4):
        buf[j] = a[j]
    a[0] = buf[n]

# IR-LABEL: func @k(
# IR: [[N:%[0-9]+]] = const 4 : int64
# IR-NEXT: [[B:%[0-9]+]] = alloc local [[N]] : array(int32, 1d, C)
# IR: store [[B]][{{%[0-9]+}}], {{%[0-9]+}}
# IR: load [[B]][{{%[0-9]+}}] : int32

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: alloca [4 x i32]
