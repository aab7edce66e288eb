# `//` and `%` on integers are Python's floored operations: the IR keeps them
# as floordiv/mod on int64 (int32 operands widened), and they lower to PTX
# that ptxas accepts.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(int64[::1], int32, int32)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1], int32, int32)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(int64[::1], int32, int32)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(out, a, b):
    out[0] = a // b
    out[1] = a % b

# IR-LABEL: func @k(
# IR-DAG: [[A:%[0-9]+]] = cast %a : int32 -> int64
# IR-DAG: [[B:%[0-9]+]] = cast %b : int32 -> int64
# IR: [[Q:%[0-9]+]] = floordiv [[A]], [[B]] : int64
# IR: store %out[{{%[0-9]+}}], [[Q]]
# IR: [[R:%[0-9]+]] = mod {{%[0-9]+}}, {{%[0-9]+}} : int64
# IR: store %out[{{%[0-9]+}}], [[R]]
# IR-NOT: truediv

# The signed division is followed by the floor adjustment (a select or a
# subtract depending on the remainder's sign): no unsigned division.
# PTX-LABEL: .visible .entry k(
# PTX-NOT: div.u64
# PTX: {{div|rem}}.s64
# PTX: st.global.{{[bu]}}64
# PTX: st.global.{{[bu]}}64
# PTX: ret;
