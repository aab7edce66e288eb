# No float64 warning when float literals are weak and everything stays
# float32.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, x):
    out[0] = x * 2.0 + 0.5

# CHECK-NOT: warning
# CHECK: func @k(
# CHECK-NOT: {{(add|mul) .*: float64}}
# CHECK-NOT: -> float64
