# -g -O0 (numba's debug=True, opt=False) gives full DWARF: the kernel as a
# subprogram, its parameters and locals as variables in their registers, so
# cuda-gdb can `info args` / `info locals`. ptxas takes it with -g only.
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

# CHECK: #dbg_value(ptr addrspace(1) %x.data, [[X:![0-9]+]]
# CHECK: #dbg_value(i64 %n, [[N:![0-9]+]]
# The loop's merge of `s` is described too (a phi).
# CHECK: #dbg_value(double %{{[0-9]+}}, [[S:![0-9]+]]
# CHECK: !DICompileUnit({{.*}}isOptimized: false{{.*}}emissionKind: FullDebug
# CHECK: [[X]] = !DILocalVariable(name: "x", arg: 1, {{.*}}line: 14, type: [[ARR:![0-9]+]])
# CHECK: [[ARR]] = !DIDerivedType(tag: DW_TAG_pointer_type, name: "array(float32, 1d, C)", baseType: [[F32:![0-9]+]]
# CHECK: [[F32]] = !DIBasicType(name: "float32", size: 32, encoding: DW_ATE_float)
# CHECK: [[N]] = !DILocalVariable(name: "n", arg: 2, {{.*}}type: [[I64:![0-9]+]])
# CHECK: [[I64]] = !DIBasicType(name: "int64", size: 64, encoding: DW_ATE_signed)
# CHECK: !DILocalVariable(name: "flag", arg: 3, {{.*}}type: [[BOOL:![0-9]+]])
# CHECK: [[BOOL]] = !DIBasicType(name: "bool", size: 8, encoding: DW_ATE_boolean)
# CHECK: !DILocalVariable(name: "i", {{.*}}line: 15, type: [[I64]])
# CHECK: [[S]] = !DILocalVariable(name: "s", {{.*}}line: 16, type: [[F64:![0-9]+]])

# PTX-LABEL: .target sm_90, debug
# PTX: .section .debug_loc
# PTX: .section .debug_info
