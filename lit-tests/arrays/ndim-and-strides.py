# a.ndim is a compile-time constant; a.strides is a tuple of int64 byte
# strides, one per dimension, read from the array's descriptor.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int16[:, :, :])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1], int16[:, :, :])' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, a):
    out[0] = a.ndim
    s0, s1, s2 = a.strides
    out[1] = s2
    out[2] = a.strides[0]

# IR-LABEL: func @k(
# IR: [[D:%[0-9]+]] = const 3 : int64
# IR: store %out[{{%[0-9]+}}], [[D]]
# IR: [[S2:%[0-9]+]] = stride 2 %a : int64
# IR: store %out[{{%[0-9]+}}], [[S2]]
# IR: [[S0:%[0-9]+]] = stride 0 %a : int64
# IR: store %out[{{%[0-9]+}}], [[S0]]

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: store i64 3,
# LLVM: store i64 %a.stride2,
# LLVM: store i64 %a.stride0,
