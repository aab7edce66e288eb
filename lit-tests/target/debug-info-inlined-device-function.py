# -g -O0: a device function inlined into the kernel is described as an
# inlined subprogram: its lines are in its own subprogram, inlined at the
# call, and its parameters and locals are its variables (one local-memory
# slot per inlined call), so cuda-gdb shows the frame and `info locals`.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float64[::1])' -g -O0 --emit=llvm | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float64[::1])' -g -O0 | %ptxas -arch=sm_90 -g -o /dev/null -

from pyjit import cuda


@cuda.jit(device=True)
def scale(v, f):
    t = v * f
    return t


@cuda.jit
def k(x):
    x[0] = scale(x[0], 2.0)
    x[1] = scale(x[1], 3.0)

# Two inlined calls: two slots of `t`, each declared with its call.
# CHECK-DAG: #dbg_declare(ptr %t.dbg, [[T:![0-9]+]], !DIExpression(), [[TL1:![0-9]+]])
# CHECK-DAG: #dbg_declare(ptr %t.dbg{{[0-9]+}}, [[T]], !DIExpression(), [[TL2:![0-9]+]])
# CHECK-DAG: [[T]] = !DILocalVariable(name: "t", scope: [[SCALE:![0-9]+]], file: {{.*}}, line: 15
# CHECK-DAG: [[SCALE]] = distinct !DISubprogram(name: "scale", {{.*}}line: 14
# CHECK-DAG: !DILocalVariable(name: "v", arg: 1, scope: [[SCALE]], {{.*}}line: 14
# CHECK-DAG: !DILocalVariable(name: "f", arg: 2, scope: [[SCALE]], {{.*}}line: 14
# CHECK-DAG: [[TL1]] = !DILocation(line: 15, column: 5, scope: [[SCALE]], inlinedAt: [[CALL1:![0-9]+]])
# CHECK-DAG: [[CALL1]] = distinct !DILocation(line: 21, column: 12, scope: [[K:![0-9]+]])
# CHECK-DAG: [[TL2]] = !DILocation(line: 15, column: 5, scope: [[SCALE]], inlinedAt: [[CALL2:![0-9]+]])
# CHECK-DAG: [[CALL2]] = distinct !DILocation(line: 22, column: 12, scope: [[K]])
# CHECK-DAG: [[K]] = distinct !DISubprogram(name: "k",
