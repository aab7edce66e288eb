# np.ndenumerate(a) counts k over a.size and unravels it in C order: the
# last index is k mod shape[1], the first k // shape[1], both in uint64;
# the element is loaded at those indices.
#
# RUN: %pyjitc %s --sig 'k(float32[:, :])' --emit=ir | FileCheck %s

import numpy as np
from pyjit import cuda


@cuda.jit
def k(a):
    for idx, v in np.ndenumerate(a):
        a[idx] = v + 1

# CHECK-LABEL: func @k(
# CHECK: [[S1:%[0-9]+]] = shape 1 %a : int64
# CHECK: [[IV:%[0-9]+]] = phi [%{{[0-9]+}}, bb0], [%{{[0-9]+}}, bb{{[0-9]+}}] : int64
# CHECK: [[K:%[0-9]+]] = cast [[IV]] : int64 -> uint64
# CHECK: [[E1:%[0-9]+]] = cast [[S1]] : int64 -> uint64
# CHECK: [[M:%[0-9]+]] = mod [[K]], [[E1]] : uint64
# CHECK: [[J:%[0-9]+]] = cast [[M]] : uint64 -> int64
# CHECK: [[D:%[0-9]+]] = floordiv [[K]], [[E1]] : uint64
# CHECK: [[I:%[0-9]+]] = cast [[D]] : uint64 -> int64
# CHECK: load %a[[[I]], [[J]]] : float32
