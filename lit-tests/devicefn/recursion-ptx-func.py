# A recursive device function becomes a PTX .func returning a {status,
# value} pair (not through memory, so its stack frame stays small); a
# caller checks the status (1: the callee stopped the thread, a raise)
# before reading the value.
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
# LLVM: [[R:%.*]] = call { i32, i64 } @__pyjit_fn_fib_0(i64 %{{.*}})
# LLVM: [[S:%.*]] = extractvalue { i32, i64 } [[R]], 0
# LLVM: icmp ne i32 [[S]], 0
# LLVM: extractvalue { i32, i64 } [[R]], 1
# LLVM-LABEL: define internal { i32, i64 } @__pyjit_fn_fib_0(i64 %n)
# LLVM: insertvalue { i32, i64 } { i32 0, i64 poison }, i64 %{{.*}}, 1
# LLVM: [[T:%.*]] = call { i32, i64 } @__pyjit_fn_fib_0(i64 %{{.*}})
# LLVM: extractvalue { i32, i64 } [[T]], 0
# LLVM: ret { i32, i64 } { i32 1, i64 0 }

# (The status, always 0 here, is optimized away: the value alone returns.)
# PTX: .func  (.param .b64 func_retval0) __pyjit_fn_fib_0(
# PTX: call.uni (retval0), __pyjit_fn_fib_0,
