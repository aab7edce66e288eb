# On the CPU backend a recursive device function checks its stack on entry
# (HostContext::stackLimit, at byte 104): below it, the thread raises
# RecursionError instead of overflowing into the guard page.
#
# RUN: %pyjitc %s --target=cpu --sig 'k(int64[::1], int64)' --emit=llvm -O 0 | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def down(n):
    if n <= 0:
        return 0
    return 1 + down(n - 1)


@cuda.jit
def k(out, n):
    out[0] = down(n)

# CHECK: define internal { i32, i64 } @__pyjit_fn_down_0(ptr %0, i64 %n)
# CHECK: getelementptr inbounds i8, ptr %0, i32 104
# CHECK: call ptr @llvm.stacksave.p0()
# CHECK: icmp ult i64
