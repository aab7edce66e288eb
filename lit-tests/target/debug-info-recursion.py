# -g -O0 with a recursive device function (a function of its own): one
# compile unit holds both subprograms (ptxas -g fails on two: "overlapping
# non-identical data"), each with its variables.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'kernel(int64, int64[::1])' -g -O0 --emit=llvm | FileCheck %s
# RUN: %pyjitc %s --sig 'kernel(int64, int64[::1])' -g -O0 | %ptxas -arch=sm_90 -g -o /dev/null -

from pyjit import cuda


@cuda.jit(device=True)
def countdown(x):
    if x > 0:
        return countdown(x - 1)
    return 1


@cuda.jit
def kernel(x, out):
    out[0] = countdown(x)

# CHECK: !DICompileUnit(
# CHECK-NOT: !DICompileUnit(
# CHECK: distinct !DISubprogram(name: "kernel"
# CHECK: !DILocalVariable(name: "x", arg: 1
# CHECK: distinct !DISubprogram(name: "__pyjit_fn_countdown
# CHECK: !DILocalVariable(name: "x", arg: 1
