# Python's slice.indices: a[5:2] is empty whatever the length (the size
# folds to 0), and a[-100:100] clamps both ends: start = max(n - 100, 0),
# stop = min(n, 100), size = stop - start when start < stop, else 0.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], float32[:])' --emit=llvm | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a):
    out[0] = a[5:2].size
    out[1] = a[-100:100].size

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: store i64 0, ptr addrspace(1) %out.data
# With non-negative extents: start = max(n - 100, 0), stop = min(n, 100),
# length = max(stop - start, 0), each as an unsigned saturating operation.
# CHECK: [[START:%[0-9]+]] = {{.*}}call i64 @llvm.usub.sat.i64(i64 %a.shape0, i64 100)
# CHECK: [[STOP:%[0-9]+]] = {{.*}}call i64 @llvm.umin.i64(i64 %a.shape0, i64 100)
# CHECK: [[SIZE:%[0-9]+]] = {{.*}}call i64 @llvm.usub.sat.i64(i64 [[STOP]], i64 [[START]])
# CHECK: store i64 [[SIZE]],
