# A 1-d A-layout array (float32[:]) may be strided: the element address is
# data + i * stride0 (bytes); a C-layout one (float32[::1]) ignores its
# stride and scales i by 4.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[:])' --emit=llvm | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(c, a):
    i = cuda.grid(1)
    c[i] = a[i]

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: mul {{.*}}%a.stride0
# CHECK: load float
# CHECK: getelementptr float, ptr addrspace(1) %c.data
# CHECK-NOT: %c.stride0{{[^,]}}
# CHECK: ret void
