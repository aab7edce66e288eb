# `pyjit.float32(x)` (docs/language.md, conversions) through the module:
# the same conversion as `from pyjit import float32`.
#
# BUG: a global module other than math/numpy/cuda is rejected: "global
# 'pyjit' of type module 'pyjit' is not supported in kernels"
# (python/pyjit/_source.py classify() does not know the pyjit module).
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir | FileCheck %s

import pyjit
from pyjit import cuda


@cuda.jit
def k(out, i):
    out[0] = pyjit.float32(i)

# CHECK-LABEL: func @k(
# CHECK: [[F:%[0-9]+]] = cast %i : int64 -> float32
# CHECK: store %out[{{%[0-9]+}}], [[F]]
