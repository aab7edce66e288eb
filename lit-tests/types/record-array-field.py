# An array field (numba's nestedarray) is a view into the element: field_view
# at the field's offset with constant extents and strides; its loads are at
# the element's address plus that offset. A nested record's field is read in
# place: one load_field at the summed offset (16 + 4), named by its path.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(array(Record(id[type=int32;offset=0],pos[type=nestedarray(float32, (3,));offset=4],inner[type=Record(a[type=int16;offset=0],b[type=float32;offset=4];8;True);offset=16];24;True), 1d, C), float32[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(array(Record(id[type=int32;offset=0],pos[type=nestedarray(float32, (3,));offset=4],inner[type=Record(a[type=int16;offset=0],b[type=float32;offset=4];8;True);offset=16];24;True), 1d, C), float32[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(array(Record(id[type=int32;offset=0],pos[type=nestedarray(float32, (3,));offset=4],inner[type=Record(a[type=int16;offset=0],b[type=float32;offset=4];8;True);offset=16];24;True), 1d, C), float32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(p, out):
    i = cuda.grid(1)
    out[i] = p[i].pos[1] + p[i].inner.b

# IR-LABEL: func @k(
# IR: [[EXT:%[0-9]+]] = const 3 : int64
# IR: [[STR:%[0-9]+]] = const 4 : int64
# IR: [[POS:%[0-9]+]] = field_view %p[{{%[0-9]+}}] + 4, extents ([[EXT]]), strides ([[STR]]) : array(float32, 1d, C)
# IR: load [[POS]][{{%[0-9]+}}] : float32
# IR: load_field %p[{{%[0-9]+}}].inner.b : float32

# PTX-LABEL: .visible .entry k(
# PTX: mad.lo.s64 [[ELEM:%rd[0-9]+]], {{%rd[0-9]+}}, 24,
# PTX-DAG: ld.global.{{[bf]}}32 {{%[rf][0-9]+}}, {{\[}}[[ELEM]]+8]
# PTX-DAG: ld.global.{{[bf]}}32 {{%[rf][0-9]+}}, {{\[}}[[ELEM]]+20]
