# numba.cuda.cache_hints.ldcg (and the module's other functions) are cuda.ldcg's
# PTX: the namespace is another spelling of the same loads and stores.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' | FileCheck %s

from pyjit import cuda

@cuda.jit
def k(x, y):
    i = cuda.grid(1)
    if i < x.size:
        cuda.cache_hints.stcs(y, i, cuda.cache_hints.ldcg(x, i))

# CHECK-LABEL: .entry k(
# CHECK: ld.global.cg.b32
# CHECK: st.global.cs.b32
