# `x in a` of an array reads the elements in order until one equals x:
# a loop whose condition stops at the first match.
#
# RUN: %pyjitc %s --sig 'k(bool[::1], float32[::1], float32)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out, a, x):
    out[0] = x in a

# CHECK-LABEL: func @k(
# CHECK: [[FOUND:%[0-9]+]] = phi {{.*}} : bool
# CHECK: [[MORE:%[0-9]+]] = cmp lt {{%[0-9]+}}, {{%[0-9]+}} : bool
# CHECK: select [[FOUND]], {{%[0-9]+}}, [[MORE]] : bool
# CHECK: [[E:%[0-9]+]] = load %a[{{%[0-9]+}}] : float32
# CHECK: cmp eq [[E]], %x : bool
