# A record array (a NumPy structured dtype, spelled as numba spells it) is
# read and written field by field: load_field / store_field at the field's
# offset. A packed dtype's 8-byte field at offset 1 is stored byte by byte
# (its address is not 8-byte aligned); an aligned one's in one access. The
# low byte of a float goes through an integer `and` first: ptxas (CUDA
# 13.0) compiles `st.b8` of a register a float instruction wrote as a
# float-to-integer conversion, which stored 2 for the low byte of 2.0f.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(array(Record(a[type=int8;offset=0],b[type=float64;offset=1];9;False), 1d, C), array(Record(x[type=float32;offset=0],z[type=float64;offset=8];16;True), 1d, C))' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(array(Record(a[type=int8;offset=0],b[type=float64;offset=1];9;False), 1d, C), array(Record(x[type=float32;offset=0],z[type=float64;offset=8];16;True), 1d, C))' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(array(Record(a[type=int8;offset=0],b[type=float64;offset=1];9;False), 1d, C), array(Record(x[type=float32;offset=0],z[type=float64;offset=8];16;True), 1d, C))' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(p, r):
    i = cuda.grid(1)
    p[i].b = p[i]["a"]
    r[i].z = r[i].x

# IR-LABEL: func @k(
# IR: [[A:%[0-9]+]] = load_field %p[{{%[0-9]+}}].a : int8
# IR: store_field %p[{{%[0-9]+}}].b, {{%[0-9]+}}
# IR: load_field %r[{{%[0-9]+}}].x : float32
# IR: store_field %r[{{%[0-9]+}}].z, {{%[0-9]+}}

# PTX-LABEL: .visible .entry k(
# PTX: ld.global.s8
# PTX: and.b64 [[LOW:%rd[0-9]+]], {{%rd[0-9]+}}, 255;
# PTX: st.global.b8 [{{%rd[0-9]+}}+1], [[LOW]];
# PTX-COUNT-7: st.global.b8
# PTX: ld.global.{{[bf]}}32
# PTX: st.global.{{[bf]}}64
