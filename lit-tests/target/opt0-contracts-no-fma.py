# opt=False (-O0) is numba's NVVM -opt=0: a*b+c stays a multiply and an add;
# at -O3 the NVPTX backend contracts it into one fma.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64, float64, float64)' --emit=ptx -O0 | FileCheck %s --check-prefix=O0
# RUN: %pyjitc %s --sig 'k(float64[::1], float64, float64, float64)' --emit=ptx | FileCheck %s --check-prefix=O3

from pyjit import cuda


@cuda.jit
def k(out, x, y, z):
    out[0] = x * y + z

# O0-LABEL: .visible .entry k(
# O0-NOT: fma.rn.f64
# O0: mul.rn.f64
# O0-NEXT: add.rn.f64
# O0-NOT: fma.rn.f64
# O0: ret;

# O3-LABEL: .visible .entry k(
# O3: fma.rn.f64
# O3: ret;
