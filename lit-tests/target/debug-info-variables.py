# -g -O0 (numba's debug=True, opt=False) gives full DWARF: the kernel as a
# subprogram, its parameters and locals as variables, each in a local-memory
# slot declared once and stored at every assignment (as clang -O0 does), so
# cuda-gdb can `info args` / `info locals` at any line. ptxas takes it with -g only.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], int64, boolean)' -g -O0 --emit=llvm | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], int64, boolean)' -g -O0 | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1], int64, boolean)' -g -O0 | %ptxas -arch=sm_90 -g -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(x, n, flag):
    i = cuda.grid(1)
    s = 0.0
    for j in range(n):
        s += x[j]
    if flag:
        x[i] = s

# CHECK-DAG: %x.dbg = alloca ptr addrspace(1)
# CHECK-DAG: #dbg_declare(ptr %x.dbg, [[X:![0-9]+]]
# CHECK-DAG: #dbg_declare(ptr %n.dbg, [[N:![0-9]+]]
# CHECK-DAG: #dbg_declare(ptr %s.dbg, [[S:![0-9]+]]
# CHECK: store ptr addrspace(1) %x.data, ptr %x.dbg
# CHECK: store i64 %n, ptr %n.dbg
# CHECK: store double 0.000000e+00, ptr %s.dbg
# The loop's merge of `s` is stored too (a phi).
# CHECK: store double %{{[0-9]+}}, ptr %s.dbg
# CHECK: !DICompileUnit({{.*}}isOptimized: false{{.*}}emissionKind: FullDebug
# CHECK: [[X]] = !DILocalVariable(name: "x", arg: 1, {{.*}}line: 15, type: [[ARR:![0-9]+]])
# CHECK: [[ARR]] = !DIDerivedType(tag: DW_TAG_pointer_type, name: "array(float32, 1d, C)", baseType: [[F32:![0-9]+]]
# CHECK: [[F32]] = !DIBasicType(name: "float32", size: 32, encoding: DW_ATE_float)
# CHECK: [[N]] = !DILocalVariable(name: "n", arg: 2, {{.*}}type: [[I64:![0-9]+]])
# CHECK: [[I64]] = !DIBasicType(name: "int64", size: 64, encoding: DW_ATE_signed)
# CHECK: !DILocalVariable(name: "flag", arg: 3, {{.*}}type: [[BOOL:![0-9]+]])
# CHECK: [[BOOL]] = !DIBasicType(name: "bool", size: 8, encoding: DW_ATE_boolean)
# CHECK: !DILocalVariable(name: "i", {{.*}}line: 16, type: [[I64]])
# CHECK: [[S]] = !DILocalVariable(name: "s", {{.*}}line: 17, type: [[F64:![0-9]+]])

# PTX-LABEL: .target sm_90, debug
# The slots stay in local memory (no SROA in the code generator).
# PTX: .local .align 8 .b8 __local_depot0
# PTX: .section .debug_info
