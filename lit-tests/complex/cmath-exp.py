# cmath.exp(z) is real math on the parts: exp(re) * (cos(im) + i sin(im)),
# with exp(x + 0j) kept real (CPython: exp(inf + 0j) is inf + 0j), and past
# log(max/4) exp(re - 1) * e (CPython's c_exp), one exp in all.
#
# RUN: %pyjitc %s --sig 'k(complex64[::1], complex64)' --emit=ir | FileCheck %s

import cmath

from pyjit import cuda


@cuda.jit
def k(out, z):
    out[0] = cmath.exp(z)

# CHECK-LABEL: func @k(
# CHECK: [[RE:%[0-9]+]] = part real %z : float32
# CHECK: [[IM:%[0-9]+]] = part imag %z : float32
# CHECK: [[BIG:%[0-9]+]] = cmp gt [[RE]], {{%[0-9]+}} : bool
# CHECK: [[ARG:%[0-9]+]] = select [[BIG]], {{%[0-9]+}}, [[RE]] : float32
# CHECK: [[R:%[0-9]+]] = math.exp [[ARG]] : float32
# CHECK-NOT: math.exp
# CHECK-DAG: math.cos [[IM]] : float32
# CHECK-DAG: math.sin [[IM]] : float32
# CHECK-DAG: [[REAL:%[0-9]+]] = cmp eq [[IM]], {{%[0-9]+}} : bool
# CHECK: [[Z:%[0-9]+]] = complex {{%[0-9]+}}, {{%[0-9]+}} : complex64
# CHECK: store %out[{{%[0-9]+}}], [[Z]]
