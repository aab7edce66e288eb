# A recursive device function becomes a PTX .func with the result through
# a pointer passed last; a caller checks the status it returns (1: the
# callee stopped the thread, a raise) before reading the result.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64[::1])' --emit=llvm -O 0 | FileCheck %s --check-prefix=LLVM
# RUN: %pyjitc %s --sig 'k(int64[::1], int64[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX

from pyjit import cuda


@cuda.jit(device=True)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@cuda.jit
def k(r, x):
    r[0] = fib(x[0])

# LLVM-LABEL: define ptx_kernel void @k(
# LLVM: [[S:%.*]] = call i32 @__pyjit_fn_fib_0(i64 %{{.*}}, ptr %{{.*}})
# LLVM: icmp ne i32 [[S]], 0
# LLVM-LABEL: define internal i32 @__pyjit_fn_fib_0(i64 %n, ptr %0)
# LLVM: store i64 %{{.*}}, ptr %0
# LLVM: ret i32 0
# LLVM: [[T:%.*]] = call i32 @__pyjit_fn_fib_0(i64 %{{.*}}, ptr %{{.*}})
# LLVM: icmp ne i32 [[T]], 0
# LLVM: ret i32 1

# PTX: .func __pyjit_fn_fib_0(
# PTX: call.uni __pyjit_fn_fib_0,
