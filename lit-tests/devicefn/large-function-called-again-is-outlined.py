# A device function whose first inlining made 2000 or more IR instructions
# (IRGen's kOutlineInstructions) is called, at its later call sites, as a
# function of its own, so that a call tree in which each function calls the
# next twice grows with its depth, not as 2^depth. f8 below inlines to about
# 2,050 instructions, f7 to half that: the kernel inlines f8 once and calls
# it once; f8's function inlines f7 both times.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def f0(x, y):
    return x * 3 + y


@cuda.jit(device=True)
def f1(x, y):
    return f0(x, y + 1) ^ f0(y, x - 1)


@cuda.jit(device=True)
def f2(x, y):
    return f1(x, y + 2) ^ f1(y, x - 2)


@cuda.jit(device=True)
def f3(x, y):
    return f2(x, y + 3) ^ f2(y, x - 3)


@cuda.jit(device=True)
def f4(x, y):
    return f3(x, y + 4) ^ f3(y, x - 4)


@cuda.jit(device=True)
def f5(x, y):
    return f4(x, y + 5) ^ f4(y, x - 5)


@cuda.jit(device=True)
def f6(x, y):
    return f5(x, y + 6) ^ f5(y, x - 6)


@cuda.jit(device=True)
def f7(x, y):
    return f6(x, y + 7) ^ f6(y, x - 7)


@cuda.jit(device=True)
def f8(x, y):
    return f7(x, y + 8) ^ f7(y, x - 8)


@cuda.jit
def k(out, a):
    i = cuda.grid(1)
    out[i] = f8(a[i], i) + f8(i, a[i])

# CHECK-LABEL: func @k(
# CHECK-NOT: call
# CHECK: call @[[F8:__pyjit_fn_f8_[0-9]+]] %{{[0-9]+}}, %{{[0-9]+}} : int64
# CHECK-NOT: call
# CHECK: func @[[F8]](%x: int64, %y: int64) -> int64 {
# CHECK-NOT: call
# CHECK-NOT: func @
