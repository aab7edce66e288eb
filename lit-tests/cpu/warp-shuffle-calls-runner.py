# On the CPU backend a warp shuffle is a call into the runner
# (pyjit_host_warp, op 3 = down) with the value's bits as an i64; a float32
# travels as its 32 bits and comes back the same way. The last two arguments
# are the call's source line and file (for deadlock messages).
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --target=cpu --emit=llvm -O0 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = cuda.shfl_down_sync(0xffffffff, a[cuda.threadIdx.x], 1)

# CHECK: @__pyjit_uses_barriers = {{.*}}constant i8 1
# CHECK: [[FILE:@pyjit.file[.0-9]*]] = private unnamed_addr constant {{.*}} c"{{.*}}warp-shuffle-calls-runner.py\00"
# CHECK: [[BITS:%[0-9]+]] = bitcast float {{%[0-9]+}} to i32
# CHECK: [[WIDE:%[0-9]+]] = zext i32 [[BITS]] to i64
# CHECK: [[R:%[0-9]+]] = call i64 @pyjit_host_warp(ptr %0, i32 3, i32 -1, i64 [[WIDE]], i32 1, i32 13, ptr [[FILE]])
# CHECK: trunc i64 [[R]] to i32
