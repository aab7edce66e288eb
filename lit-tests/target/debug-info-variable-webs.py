# Debug info names variables as the source does: a parameter assigned again
# is still the parameter (not its web's internal name `n~1`), and a name
# holding values of two types is two variables of that name.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float64[::1], int64)' -g -O0 --emit=llvm | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float64[::1], int64)' -g -O0 | %ptxas -arch=sm_90 -g -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(x, n):
    n = n + 1
    x[0] = n
    t = 1
    x[1] = t
    t = 2.5
    x[2] = t

# CHECK-DAG: #dbg_declare(ptr %n.dbg, [[N:![0-9]+]]
# CHECK-DAG: #dbg_declare(ptr %t.dbg, [[T1:![0-9]+]]
# CHECK-DAG: #dbg_declare(ptr %t.dbg{{[0-9]+}}, [[T2:![0-9]+]]
# CHECK: store i64 %n, ptr %n.dbg
# CHECK: store i64 %{{[0-9]+}}, ptr %n.dbg
# CHECK: store i64 1, ptr %t.dbg,
# CHECK: store double 2.500000e+00, ptr %t.dbg{{[0-9]+}},
# CHECK: [[N]] = !DILocalVariable(name: "n", arg: 2
# CHECK: [[T1]] = !DILocalVariable(name: "t", {{.*}}type: [[I64:![0-9]+]])
# CHECK: [[T2]] = !DILocalVariable(name: "t", {{.*}}type: [[F64:![0-9]+]])
# CHECK-NOT: name: "{{.*}}~
