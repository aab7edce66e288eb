# A loop counter bounded by an int32 (or a small constant) is counted in 32
# bits on the GPU (NarrowIVs.h): a 64-bit add and compare are two
# instructions each there. The same loop bounded by an int64 stays 64-bit:
# its values may not fit. The CPU backend keeps every counter 64-bit.
#
# RUN: %pyjitc %s --sig 'count(int32[::1], float32[::1], int32)' --emit=llvm | FileCheck %s --check-prefix=I32
# RUN: %pyjitc %s --sig 'count(int32[::1], float32[::1], int32)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'count(int32[::1], float32[::1], int64)' --emit=llvm | FileCheck %s --check-prefix=I64
# RUN: %pyjitc %s --target=cpu --sig 'count(int32[::1], float32[::1], int32)' --emit=llvm | FileCheck %s --check-prefix=CPU

from pyjit import cuda


@cuda.jit
def count(out, x, limit):
    n = 0
    while n < limit and x[0] * n < 100.0:
        n += 1
    out[0] = n

# I32-LABEL: define {{.*}}void @count(
# I32-NOT: phi i64
# I32: add {{.*}}i32 {{%.*}}, 1
# I32-NOT: phi i64
# I32: icmp {{eq|slt|sge}} i32 {{%.*}}, %limit
# I32-NOT: phi i64
# I32: phi i32 [ 0,
# I32-NOT: phi i64
# I32: {{^}}}

# PTX-LABEL: .entry count(
# PTX: add.s32 {{.*}}, 1;
# PTX: setp.{{[a-z]+}}.{{s|b}}32

# I64-LABEL: define {{.*}}void @count(
# I64: add {{.*}}i64 {{%.*}}, 1
# I64: phi i64 [ 0,

# CPU-LABEL: define void @count__pyjit_host_entry(
# CPU: phi i64 [ 0,
