# a[i, j] on C-contiguous 2-d arrays: one load with two int64 indices in the
# IR; in LLVM the row offset uses the row stride (bytes) and the column
# index is scaled by the element size, with no stride for the last axis.
#
# RUN: %pyjitc %s --sig 'k(float32[:, ::1], float32[:, ::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[:, ::1], float32[:, ::1])' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(dst, src):
    i, j = cuda.grid(2)
    if i < src.shape[0] and j < src.shape[1]:
        dst[i, j] = src[i, j]

# IR-LABEL: func @k(%dst: array(float32, 2d, C), %src: array(float32, 2d, C)) -> none {
# IR: [[V:%[0-9]+]] = load %src[{{%[0-9]+}}, {{%[0-9]+}}] : float32
# IR: store %dst[{{%[0-9]+}}, {{%[0-9]+}}], [[V]]

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: [[OFF:%[0-9]+]] = mul {{.*}}%src.stride0
# LLVM-NEXT: [[ROW:%[0-9]+]] = getelementptr i8, ptr addrspace(1) %src.data, i64 [[OFF]]
# LLVM-NEXT: [[PTR:%[0-9]+]] = getelementptr float, ptr addrspace(1) [[ROW]], i64
# LLVM-NEXT: load float, ptr addrspace(1) [[PTR]]
# LLVM-NOT: stride1
# LLVM: ret void
