# m[:, j] is a 1-d view of column j with any layout (A): m.shape[0]
# elements, one row stride (stride0 bytes) apart.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], float32[:, ::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1], float32[:, ::1])' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, m):
    col = m[:, 2]
    out[0] = col.shape[0]
    out[1] = col.strides[0]

# IR-LABEL: func @k(
# IR: view %m, {{.*}} : array(float32, 1d, A)

# LLVM-LABEL: define {{.*}}void @k(
# Extents are known non-negative (a range attribute): the column's length
# is the row count itself.
# LLVM: store i64 %m.shape0, ptr addrspace(1) %out.data
# LLVM: store i64 %m.stride0,
