# On the CPU backend a for loop runs in chunks of at most 65536 iterations
# (k + umin(trips - k, 65536)); between two chunks, and only when more are
# left, it reads the int32 HostContext::interrupt points to (a monotonic
# atomic load) and, set, records a KeyboardInterrupt for the loop. The
# chunk's own loop has one exit, so LLVM still unrolls it (by 8,
# with the chunk's remainder first). GPU code reads
# no flag.
#
# RUN: %pyjitc %s --sig 'k(int64, float64[::1])' --target=cpu --emit=llvm | FileCheck %s
# RUN: %pyjitc %s --sig 'k(int64, float64[::1])' --emit=llvm | FileCheck %s --check-prefix=GPU

from pyjit import cuda


@cuda.jit
def k(n, out):
    s = 0.0
    for j in range(n):
        s += j
    out[0] = s

# CHECK-LABEL: define void @k__pyjit_host_entry(ptr {{.*}}%0,
# CHECK: [[TRIPS:%[0-9]+]] = tail call i64 @llvm.smax.i64(i64 {{%[0-9]+}}, i64 0)
# CHECK: [[SLOT:%[0-9]+]] = getelementptr inbounds nuw i8, ptr %0, i64 112
# CHECK: [[LEFT:%[0-9]+]] = sub i64 [[TRIPS]], [[K:%[0-9]+]]
# CHECK-NEXT: [[STEP:%[0-9]+]] = tail call i64 @llvm.umin.i64(i64 [[LEFT]], i64 65536)
# CHECK-NEXT: [[LIMIT:%[0-9]+]] = add nuw i64 [[STEP]], [[K]]
# CHECK: %xtraiter = and i64 [[STEP]], 7
# CHECK: [[MORE:%[0-9]+]] = icmp ult i64 [[LIMIT]], [[TRIPS]]
# CHECK-NEXT: br i1 [[MORE]], label %[[CHECK:[0-9a-z.]+]], label
# CHECK: [[CHECK]]:
# CHECK: [[FLAG:%[0-9]+]] = load ptr, ptr [[SLOT]]
# CHECK-NEXT: load atomic i32, ptr [[FLAG]] monotonic
# CHECK-NOT: load atomic
# GPU-NOT: atomic
