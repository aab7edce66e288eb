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
# CHECK: [[NM:%[0-9]+]] = add i64 %a.shape0, -100
# CHECK: [[START:%[0-9]+]] = {{.*}}call i64 @llvm.smax.i64(i64 [[NM]], i64 0)
# CHECK: [[STOP:%[0-9]+]] = {{.*}}call i64 @llvm.smin.i64(i64 %a.shape0, i64 100)
# CHECK: [[LEN:%[0-9]+]] = sub i64 [[STOP]], [[START]]
# CHECK: [[NE:%[0-9]+]] = icmp slt i64 [[START]], [[STOP]]
# CHECK: [[SIZE:%[0-9]+]] = select i1 [[NE]], i64 [[LEN]], i64 0
# CHECK: store i64 [[SIZE]],
