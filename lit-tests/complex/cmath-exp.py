# cmath.exp(z) is real math on the parts: exp(re) * (cos(im) + i sin(im)),
# with exp(x + 0j) kept real (CPython: exp(inf + 0j) is inf + 0j).
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
# CHECK: [[R:%[0-9]+]] = math.exp [[RE]] : float32
# CHECK: [[REAL:%[0-9]+]] = cmp eq [[IM]], {{%[0-9]+}} : bool
# CHECK: [[C:%[0-9]+]] = math.cos [[IM]] : float32
# CHECK: [[RC:%[0-9]+]] = mul [[R]], [[C]] : float32
# CHECK: [[X:%[0-9]+]] = select [[REAL]], [[R]], [[RC]] : float32
# CHECK: [[S:%[0-9]+]] = math.sin [[IM]] : float32
# CHECK: [[RS:%[0-9]+]] = mul [[R]], [[S]] : float32
# CHECK: [[Y:%[0-9]+]] = select [[REAL]], [[IM]], [[RS]] : float32
# CHECK: [[Z:%[0-9]+]] = complex [[X]], [[Y]] : complex64
# CHECK: store %out[{{%[0-9]+}}], [[Z]]
