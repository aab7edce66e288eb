# Reading through a view reads the underlying array: (a[2:])[0] loads a[2]
# (the start is clamped to the length, as in Python's slicing).
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=llvm | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a):
    t = a[2:]
    out[0] = t[0]

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: [[S:%[0-9]+]] = {{.*}}call i64 @llvm.umin.i64(i64 %a.shape0, i64 2)
# CHECK: [[OFF:%[0-9]+]] = mul i64 [[S]], %a.stride0
# CHECK: [[P:%[0-9]+]] = getelementptr i8, ptr addrspace(1) %a.data, i64 [[OFF]]
# CHECK: load float, ptr addrspace(1) [[P]]
