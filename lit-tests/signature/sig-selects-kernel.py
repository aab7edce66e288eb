# With several kernels in a file, --sig names the one to compile; the
# others are not compiled.
#
# RUN: %pyjitc %s --sig 'second(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def first(a):
    a[0] = 1


@cuda.jit
def second(a):
    a[0] = 2

# CHECK-NOT: func @first
# CHECK: func @second(%a: array(int64, 1d, C)) -> none {
# CHECK: const 2 : int64
# CHECK-NOT: func @first
