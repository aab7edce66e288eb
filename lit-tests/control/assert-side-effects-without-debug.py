# Without -g an assert's test still runs (its calls too) and a failure ends
# the thread (ret.stop) before the store after it, as numba-cuda's PTX does.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit(device=True)
def bump(log):
    log[0] += 1
    return log[0] > 1


@cuda.jit
def k(log):
    assert bump(log)
    log[1] = 1

# CHECK-LABEL: func @k(
# CHECK: store %log
# CHECK: condbr {{%[0-9]+}}, [[OK:bb[0-9]+]], [[FAIL:bb[0-9]+]]
# CHECK: [[FAIL]]:
# CHECK-NEXT: ret.stop
# CHECK-NOT: AssertionError
