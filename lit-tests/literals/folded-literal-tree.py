# An operator tree of integer literals is folded exactly, as CPython's
# compiler folds it before numba sees the code: an intermediate beyond
# int64 (2**63, 2**64) is fine when the result fits; the result is int64,
# or uint64 from 2**63 up. A result beyond both is an error at the tree.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], uint64[::1])' --emit=ir | FileCheck %s
# RUN: not %pyjitc %s --sig 'bad(int64[::1])' 2>&1 | FileCheck %s --check-prefix=ERR

from pyjit import cuda


@cuda.jit
def k(s, u):
    s[0] = 2**63 - 1
    u[0] = (1 << 64) >> 1


@cuda.jit
def bad(s):
    s[0] = (2**64 + 1) * 1

# CHECK-LABEL: func @k(
# CHECK: const 9223372036854775807 : int64
# CHECK: const 9223372036854775808 : uint64
# CHECK: ret

# ERR: folded-literal-tree.py:20:13: error: this constant expression overflows int64 and uint64
