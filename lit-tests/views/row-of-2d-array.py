# m[i] of a 2-d C-layout array is a 1-d C-layout view of row i: its data
# starts i rows (i * stride0 bytes) into m, and it has m.shape[1] elements.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[:, ::1], int64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[:, ::1], int64)' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, m, i):
    row = m[i]
    out[0] = row[3]
    out[1] = row.size

# IR-LABEL: func @k(
# IR: [[R:%[0-9]+]] = view %m, {{.*}} : array(float32, 1d, C)
# IR: load [[R]][{{%[0-9]+}}] : float32

# LLVM-LABEL: define {{.*}}void @k(
# (i wraps like any index: i + shape0 when negative.)
# LLVM: [[OFF:%[0-9]+]] = mul i64 {{%[0-9]+}}, %m.stride0
# LLVM: getelementptr i8, ptr addrspace(1) %m.data, i64 [[OFF]]
# LLVM: load float
# LLVM: {{[su]}}itofp {{.*}}i64 %m.shape1 to float
