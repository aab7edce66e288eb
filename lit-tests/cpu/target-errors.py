# The CPU backend makes host code, not PTX; an unknown target is named.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --target=cpu 2>&1 | FileCheck %s --check-prefix=PTX
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --target=tpu --emit=llvm 2>&1 | FileCheck %s --check-prefix=BAD

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1.0

# PTX: pyjitc: error: --target=cpu makes host code: use --emit=ast, ir or llvm
# BAD: pyjitc: error: --target='tpu': expected cuda (or gpu) or cpu
