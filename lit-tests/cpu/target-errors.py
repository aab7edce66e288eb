# The CPU backend makes host code, not PTX; an unknown target is named.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --target=cpu 2>&1 | FileCheck %s --check-prefix=PTX
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --target=tpu --emit=llvm 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: not %pyjitc %s --sig 'k2(float32[::1])' --target=cpu --emit=llvm 2>&1 | FileCheck %s --check-prefix=WARP

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1.0


@cuda.jit
def k2(a):
    a[0] = cuda.shfl_down_sync(0xffffffff, a[cuda.threadIdx.x], 1)

# PTX: pyjitc: error: --target=cpu makes host code: use --emit=ast, ir or llvm
# BAD: pyjitc: error: --target='tpu': expected cuda or cpu
# WARP: {{.*}}target-errors.py:17:12: error: cuda.shfl_down_sync is not supported by the CPU backend yet (it has no warps)
# WARP-NEXT: {{^}}    a[0] = cuda.shfl_down_sync(0xffffffff, a[cuda.threadIdx.x], 1){{$}}
