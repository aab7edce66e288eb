# atomic.inc and atomic.dec on uint32 and uint64 arrays are CUDA's wrapping
# increment/decrement: inc stores (old >= v) ? 0 : old + 1, dec stores
# (old == 0 or old > v) ? v : old - 1 (LLVM's uinc_wrap / udec_wrap).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(uint32[::1], uint64[::1], uint32, uint64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(uint32[::1], uint64[::1], uint32, uint64)' --emit=llvm | FileCheck %s --check-prefix=LLVM
# RUN: %pyjitc %s --sig 'k(uint32[::1], uint64[::1], uint32, uint64)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(a, b, v, w):
    cuda.atomic.inc(a, 0, v)
    cuda.atomic.dec(a, 1, v)
    cuda.atomic.inc(b, 0, w)
    cuda.atomic.dec(b, 1, w)

# IR-LABEL: func @k(
# IR: cuda.atomic.inc %a, {{%[0-9]+}}, %v : uint32
# IR: cuda.atomic.dec %a, {{%[0-9]+}}, %v : uint32
# IR: cuda.atomic.inc %b, {{%[0-9]+}}, %w : uint64
# IR: cuda.atomic.dec %b, {{%[0-9]+}}, %w : uint64

# LLVM-LABEL: define {{.*}}void @k(
# LLVM: atomicrmw uinc_wrap ptr addrspace(1) {{.*}}, i32 %v
# LLVM: atomicrmw udec_wrap ptr addrspace(1) {{.*}}, i32 %v
# LLVM: atomicrmw uinc_wrap ptr addrspace(1) {{.*}}, i64 %w
# LLVM: atomicrmw udec_wrap ptr addrspace(1) {{.*}}, i64 %w
