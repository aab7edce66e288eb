# A negative literal compared with an unsigned value compares signed (the
# mathematical values): `u == -1` is False for every uint32 u and
# `u > -1` is True, so u is widened to int64 rather than -1 wrapped to
# 0xFFFFFFFF.
#
# RUN: %pyjitc %s --sig 'k(bool[::1], uint32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(bool[::1], uint32)' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(out, u):
    out[0] = u == -1
    out[1] = u > -1

# IR-LABEL: func @k(
# IR: [[M:%[0-9]+]] = const -1 : int64
# IR: [[U:%[0-9]+]] = cast %u : uint32 -> int64
# IR: cmp eq [[U]], [[M]] : bool

# Both comparisons fold: False, then True.
# LLVM-LABEL: define {{.*}}void @k(
# LLVM: store i8 0, ptr addrspace(1) %out.data
# LLVM: store i8 1,
