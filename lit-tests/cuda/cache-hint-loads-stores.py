# numba.cuda's loads and stores with a cache hint (ldca ldcg ldcs ldlu ldcv,
# stcg stcs stwb stwt) are PTX ld/st.global with that cache operator, of the
# element's width as a bit type (bytes through a 16-bit register), and ptxas takes them.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1], boolean[::1], float16[::1], int8[:, ::1])' | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1], boolean[::1], float16[::1], int8[:, ::1])' | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda

@cuda.jit
def k(x, y, b, h, out2):
    i = cuda.grid(1)
    if i < x.size:
        v = cuda.ldcg(x, i) + cuda.ldca(x, i) + cuda.ldcs(x, i) + cuda.ldlu(x, i) + cuda.ldcv(x, i)
        cuda.stcg(y, i, v)
        cuda.stcs(b, i, not cuda.ldcg(b, i))
        cuda.stwb(h, i, cuda.ldcg(h, i) * 2)
        cuda.stwt(out2, (i, 1), cuda.ldcv(out2, (i, 0)))

# CHECK-LABEL: .entry k(
# CHECK: ld.global.cg.b32
# CHECK: ld.global.ca.b32
# CHECK: ld.global.cs.b32
# CHECK: ld.global.lu.b32
# CHECK: ld.global.cv.b32
# CHECK: st.global.cg.b32
# CHECK: ld.global.cg.b8
# CHECK: st.global.cs.b8
# CHECK: ld.global.cg.b16
# CHECK: st.global.wb.b16
# CHECK: ld.global.cv.b8
# CHECK: st.global.wt.b8
