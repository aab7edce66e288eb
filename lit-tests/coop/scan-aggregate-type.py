# Scans pass the block total back through a pointer; int64 uses the _i64
# entry point; max picks the _max_ one.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], int64[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1], int64[::1])' | FileCheck %s

from pyjit import coop, cuda


@cuda.jit
def k(x, out):
    i = cuda.grid(1)
    prefix, total = coop.block.exclusive_scan_with_aggregate(x[i], max)
    out[i] = prefix + total

# IR: coop.block_exclusive_scan.max.aggregate
# IR: coop.aggregate
# CHECK: .extern .func (.param .b64 func_retval0) __pyjit_coop_block_exclusive_scan_max_i64
# CHECK-NEXT: (
# CHECK-NEXT: .param .b64 {{.*}}_param_0,
# CHECK-NEXT: .param .b64 {{.*}}_param_1
