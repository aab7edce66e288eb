# A bool array stores one byte per element; a comparison result is stored
# directly.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(bool[::1], float32[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(bool[::1], float32[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(bool[::1], float32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] > 0

# IR-LABEL: func @k(
# IR: [[C:%[0-9]+]] = cmp gt {{%[0-9]+}}, {{%[0-9]+}} : bool
# IR: store %out[{{%[0-9]+}}], [[C]]

# PTX-LABEL: .visible .entry k(
# PTX: st.global.{{[bu]}}8
