# A bool literal default: `clamp(x)` uses positive=True, so the test
# `positive and v < 0` compares v; `clamp(x, positive=False)` short-circuits
# on the constant False, and the compare folds away.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir | FileCheck %s --check-prefix=DEFAULT
# RUN: %pyjitc %s --sig 'k_false(float32[::1], float32)' --emit=ir | FileCheck %s --check-prefix=FALSE

from pyjit import cuda


@cuda.jit(device=True)
def clamp(v, positive=True):
    if positive and v < 0:
        return v * 0
    return v


@cuda.jit
def k(out, x):
    out[0] = clamp(x)


@cuda.jit
def k_false(out, x):
    out[0] = clamp(x, positive=False)

# DEFAULT-LABEL: func @k(
# DEFAULT: cmp lt %x, {{%[0-9]+}} : bool
# DEFAULT: mul %x, {{%[0-9]+}} : float32

# FALSE-LABEL: func @k_false(
# FALSE-NOT: cmp
# FALSE-NOT: mul
# FALSE: store %out[{{%[0-9]+}}], %x
