# cuda.cg.this_grid() is a GridGroup value; its sync() is one IR instruction
# that the PTX makes a call into pyjit's device library (cooperative_groups'
# grid barrier), declared .extern. The store before the barrier stays
# before it.
#
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX

from pyjit import cuda


@cuda.jit
def k(a):
    g = cuda.cg.this_grid()
    a[cuda.grid(1)] = 1.0
    g.sync()
    a[0] = 2.0

# IR-LABEL: func @k(
# IR: [[G:%[0-9]+]] = cuda.cg.this_grid : GridGroup
# IR: store %a[{{%[0-9]+}}], {{%[0-9]+}}
# IR-NEXT: cuda.cg.GridGroup.sync [[G]]
# IR: store %a[

# PTX: .extern .func __pyjit_coop_grid_sync
# PTX-LABEL: .visible .entry k(
# PTX: st.global.{{[bf]}}32
# PTX: call{{(.uni)?}} __pyjit_coop_grid_sync,
# PTX: st.global.{{[bf]}}32
