# A `none` parameter (a None argument, numba's types.none) has no kernel
# parameter: `s is None` is decided when compiling and only the taken
# branch is lowered.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], none)' --emit=ptx | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float64[::1], float64)' --emit=ptx | FileCheck %s --check-prefix=VALUE

from pyjit import cuda


@cuda.jit
def k(out, s):
    if s is None:
        out[0] = 7.0
    else:
        out[0] = s * 3.0

# CHECK-LABEL: .entry k(
# CHECK-COUNT-3: .param .u64
# CHECK-NEXT: )
# 7.0 as the bits of a double:
# CHECK: st.global.b64 [%rd{{[0-9]+}}], 4619567317775286272;
# CHECK-NOT: mul.f64
# VALUE-LABEL: .entry k(
# VALUE-COUNT-3: .param .u64
# VALUE-NEXT: .param .f64
# VALUE: mul.f64
