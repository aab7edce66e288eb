# --target=gpu names the CUDA target, as target="gpu" does for the
# decorators and PYJIT_TARGET.
#
# RUN: %pyjitc %s --sig 'k(float32[:])' --target=gpu --emit=ptx | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1.0

# CHECK: .visible .entry k(
