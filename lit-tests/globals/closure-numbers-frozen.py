# Numbers captured from an enclosing function (a closure) are frozen at
# compile time like module globals: the kernel made by make(0.5, 4) uses
# the constants 4 and 0.5 (weak, so the multiply stays float32).
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


def make(scale, n):
    @cuda.jit
    def k(a):
        for i in range(n):
            a[i] = a[i] * scale
    return k


k = make(0.5, 4)

# CHECK-LABEL: func @k(
# CHECK: [[N:%[0-9]+]] = const 4 : uint64
# CHECK: cmp lt {{%[0-9]+}}, [[N]] : bool
# CHECK: [[S:%[0-9]+]] = const 0.5 : float32
# CHECK-NEXT: mul {{%[0-9]+}}, [[S]] : float32
