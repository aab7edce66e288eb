# A kernel without a signature, beside one that has one, is named on stderr
# and left out (rather than dropped silently).
#
# RUN: %pyjitc %s --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit("void(float32[::1])")
def signed(x):
    x[0] = 1


@cuda.jit
def unsigned(x):
    x[0] = 2

# CHECK-DAG: pyjitc: note: kernel 'unsigned' has no signature and is not compiled; pass --sig 'unsigned(type, ...)'
# CHECK-DAG: func @signed(
