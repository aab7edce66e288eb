"""numba.cuda.libdevice: libdevice's functions by name, typed by its
prototypes; pointer parameters come back as outputs after the result.
Expected values are Python's math or NumPy's, or worked by hand."""
import math

import numpy as np
import pytest

import pyjit
from pyjit import cuda
from pyjit.cuda import libdevice


def test_the_namespace_lists_libdevice_and_describes_each_function():
    names = dir(libdevice)
    assert len(names) > 330
    for name in ("sinf", "sin", "sincosf", "frexp", "popc", "umulhi", "fast_expf", "fmaf_rn"):
        assert name in names
    assert "__nv_sincosf(float32) -> (float32, float32)" in libdevice.sincosf.__doc__
    assert "__nv_umulhi(uint32,uint32) -> uint32" in libdevice.umulhi.__doc__
    with pytest.raises(AttributeError, match="no function 'sinx'"):
        libdevice.sinx
    with pytest.raises(RuntimeError, match="inside a kernel"):
        libdevice.sinf(1.0)
    from pyjit.cuda.libdevice import frexpf  # numba.cuda.libdevice is importable so
    assert frexpf.__name__ == "frexpf"


def test_math_functions_and_outputs(jit):
    from pyjit.cuda.libdevice import frexp

    @jit
    def k(out, x):
        out[0] = libdevice.sinf(np.float32(x))
        s, c = libdevice.sincos(x)  # void __nv_sincos(double, double*, double*)
        out[1] = s
        out[2] = c
        m, e = frexp(x)  # double __nv_frexp(double, int*)
        out[3] = m
        out[4] = e
        out[5] = libdevice.fmax(x, 2.0)
        out[6] = libdevice.llrint(2.5)  # round half to even
        r, q = libdevice.remquo(10.0, 3.0)
        out[7] = r
        out[8] = q
        f, i = libdevice.modff(np.float32(x) + 2)
        out[9] = f + 10 * i
        out[10] = libdevice.hypot(3, 4)  # ints converted to float64
        out[11] = libdevice.fast_expf(1.0)

    out = np.zeros(12)
    x = 5.75
    k[1, 1](out, x)
    m, e = math.frexp(x)
    assert out[0] == pytest.approx(np.sin(np.float32(x)), rel=1e-6)
    assert out[1:3] == pytest.approx([math.sin(x), math.cos(x)], rel=1e-15)
    assert (out[3], out[4]) == (m, e)
    assert out[5:9].tolist() == [5.75, 2, math.remainder(10, 3), 3]
    assert out[9] == 0.75 + 10 * 7
    assert out[10] == 5.0
    assert out[11] == pytest.approx(math.e, rel=1e-6)


def test_arguments_are_checked(jit):
    @jit
    def count(out):
        out[0] = libdevice.sinf(1.0, 2.0)

    with pytest.raises(pyjit.CompileError, match=r"libdevice.sinf\(\) takes 1 argument "
                                                 r"\(float32\), got 2"):
        count[1, 1](np.zeros(1))

    @jit
    def kind(out, a):
        out[0] = libdevice.sin(a)

    with pytest.raises(pyjit.CompileError, match=r"needs a real number for its float64 "
                                                 r"parameter, not array"):
        kind[1, 1](np.zeros(1), np.zeros(2))


_ARGUMENT = {"float32": "np.float32(0.375)", "float64": "0.375", "int32": "np.int32(3)",
             "uint32": "np.uint32(3)", "int64": "np.int64(3)", "uint64": "np.uint64(3)",
             "uint16": "np.uint16(0x3c00)"}


def test_every_libdevice_function_runs_on_the_cpu_backend(tmp_path):
    # One kernel calls every function of libdevice (its prototypes from the
    # docstrings): the CPU backend compiles and links each, from the C
    # library or from its own definitions (codegen/HostLibdevice.def).
    from kernel_files import load_module
    lines = []
    for name in sorted(dir(libdevice)):
        doc = getattr(libdevice, name).__doc__
        proto = doc[doc.index("__nv_" + name + "("):]
        params = proto[proto.index("(") + 1:proto.index(")")]
        args = ", ".join(_ARGUMENT[t] for t in params.split(",") if t)
        first = "[0]" if proto.split(" -> ")[1].startswith("(") else ""  # outputs: a tuple
        # Each result is stored (a call whose result is unused is deleted).
        lines.append("    out[%d] = libdevice.%s(%s)%s" % (len(lines), name, args, first))
    source = ("import numpy as np\nfrom pyjit import cuda\nfrom pyjit.cuda import libdevice\n\n"
              "@cuda.jit(target='cpu')\ndef every(out):\n" + "\n".join(lines) + "\n")
    assert len(lines) > 330
    module = load_module(tmp_path, "every_libdevice", source)
    out = np.full(len(lines), -7.0)
    module.every[1, 1](out)
    names = sorted(dir(libdevice))
    assert out[names.index("popc")] == 2 and out[names.index("sqrt")] == np.sqrt(0.375)
    assert out[names.index("normcdfinv")] == pytest.approx(-0.318639363964375, rel=1e-14)
    assert not np.any(out == -7.0)


def test_integer_half_and_rounded_functions(jit):
    # Once GPU-only; the CPU backend defines them (runtime/lib/HostLibdevice.cpp).
    @jit
    def k(out, u, x):
        out[0] = libdevice.powi(x, 3)
        out[1] = libdevice.saturatef(np.float32(x))  # clamped to [0, 1]
        out[2] = libdevice.popc(u)
        out[3] = libdevice.umulhi(u, u)  # high 32 bits of the 64-bit product
        out[4] = libdevice.brev(1)
        out[5] = libdevice.float2int_rz(-x)  # toward zero
        out[6] = libdevice.half2float(libdevice.float2half_rn(np.float32(x)))
        out[7] = libdevice.fadd_rd(np.float32(1.0), np.float32(1e-8))  # rounded down: 1
        out[8] = libdevice.fadd_ru(np.float32(1.0), np.float32(1e-8))  # rounded up

    out = np.zeros(9)
    u = np.uint32(0xF0000001)
    k[1, 1](out, u, 2.5)
    assert out[0] == 2.5 ** 3
    assert out[1] == 1.0
    assert out[2] == 5
    assert out[3] == (int(u) * int(u)) >> 32
    assert out[4] == 2 ** 31
    assert out[5] == -2
    assert out[6] == 2.5
    assert out[7] == 1.0
    assert out[8] == float(np.nextafter(np.float32(1), np.float32(2)))


def test_predicates_give_one_for_true(jit):
    # libdevice's isinff & co. return "non-zero"; glibc's isinff(-inf) is -1.
    @jit
    def k(o):
        o[0] = libdevice.isinff(-np.inf)
        o[1] = libdevice.isnanf(np.float32(np.nan))
        o[2] = libdevice.finitef(np.float32(1.0))
        o[3] = libdevice.isinff(np.float32(1.0))

    o = np.zeros(4, np.int32)
    k[1, 1](o)
    np.testing.assert_array_equal(o, [1, 1, 1, 0])
    ns = {}
    exec("from pyjit.cuda.libdevice import *", ns)
    assert "sincosf" in ns and "__nv_sincosf" not in ns


def test_special_functions_match_scipy(jit):
    # Expected values: scipy.special (double precision). The GPU's libdevice
    # is within a few ulp (CUDA Math API, "Mathematical Functions"); so are
    # the CPU backend's definitions.
    special = pytest.importorskip("scipy.special")

    @jit
    def k(x, p, out):
        i = cuda.grid(1)
        if i < x.size:
            out[0, i] = libdevice.erfinv(x[i])
            out[1, i] = libdevice.erfcinv(p[i])
            out[2, i] = libdevice.erfcx(x[i] * 40.0)
            out[3, i] = libdevice.normcdf(x[i] * 30.0)
            out[4, i] = libdevice.normcdfinv(p[i] / 2.0)
            out[5, i] = libdevice.cyl_bessel_i0(x[i] * 20.0)
            out[6, i] = libdevice.cyl_bessel_i1(x[i] * 20.0)
            out[7, i] = libdevice.sinpi(x[i] * 7.0)
            out[8, i] = libdevice.cospi(x[i] * 7.0)
            out[9, i] = libdevice.erfinvf(np.float32(x[i]))
            out[10, i] = libdevice.norm3d(x[i] * 1e300, 2e300, -3e300)
            out[11, i] = libdevice.rcbrt(x[i] * 5.0 + 6.0)

    x = np.concatenate([np.linspace(-0.999, 0.999, 57), [0.0, 1e-10, -0.25, 0.5, 0.75, 1 / 7]])
    p = np.concatenate([np.geomspace(1e-300, 1.0, 40), np.linspace(1.01, 1.99, 23)])
    out = np.zeros((12, x.size))
    k[1, 64](x, p, out)
    rel = dict(rtol=1e-13, atol=0)
    np.testing.assert_allclose(out[0], special.erfinv(x), **rel)
    np.testing.assert_allclose(out[1], special.erfcinv(p), **rel)
    np.testing.assert_allclose(out[2], special.erfcx(x * 40.0), **rel)
    np.testing.assert_allclose(out[3], special.ndtr(x * 30.0), rtol=1e-12, atol=0)
    np.testing.assert_allclose(out[4], special.ndtri(p / 2.0), **rel)
    np.testing.assert_allclose(out[5], special.i0(x * 20.0), **rel)
    np.testing.assert_allclose(out[6], special.i1(x * 20.0), **rel)
    np.testing.assert_allclose(out[7], np.sin(np.pi * x * 7.0), rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(out[8], np.cos(np.pi * x * 7.0), rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(out[9], special.erfinv(x.astype(np.float32)), rtol=1e-6)
    np.testing.assert_allclose(out[10], np.sqrt(x ** 2 + 4.0 + 9.0) * 1e300, **rel)
    np.testing.assert_allclose(out[11], np.cbrt(x * 5.0 + 6.0) ** -1, **rel)


def test_pi_multiples_are_exact(jit):
    # sinpi/cospi are exact at integers and half-integers (CUDA Math API):
    # sinpi(n) = +0, cospi(n + 1/2) = +0, sinpi(-0) = -0.
    @jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[0, i] = libdevice.sinpi(x[i])
            out[1, i] = libdevice.cospi(x[i])
            s, c = libdevice.sincospi(x[i])
            out[2, i] = s
            out[3, i] = c

    x = np.array([0.0, -0.0, 0.5, 1.0, 1.5, 2.0, -0.5, -1.0, 2.5, 1e17 + 1.0])
    out = np.zeros((4, x.size))
    k[1, 32](x, out)
    sin = [0, -0.0, 1, 0, -1, 0, -1, 0, 1, 0]
    cos = [1, 1, 0, -1, 0, 1, 0, -1, 0, 1]
    np.testing.assert_array_equal(out[0], sin)
    np.testing.assert_array_equal(out[1], cos)
    assert np.signbit(out[0, 1]) and not np.signbit(out[0, 3]) and not np.signbit(out[1, 2])
    np.testing.assert_array_equal(out[2], out[0])
    np.testing.assert_array_equal(out[3], out[1])


def test_rounding_modes_and_saturating_conversions(jit):
    # Expected values worked with numpy: nextafter for one ulp up or down.
    @jit
    def k(f, d, out, ints):
        out[0] = libdevice.dadd_ru(1.0, 1e-20)
        out[1] = libdevice.dadd_rd(1.0, -1e-20)
        out[2] = libdevice.ddiv_rz(1.0, 3.0)
        out[3] = libdevice.ddiv_ru(1.0, 3.0)
        out[4] = libdevice.dsqrt_rd(2.0)
        out[5] = libdevice.dsqrt_ru(2.0)
        out[6] = libdevice.double2float_ru(d)
        out[7] = libdevice.double2float_rd(d)
        out[8] = libdevice.fmul_ru(f, f)
        out[9] = libdevice.fma_ru(1.0, 1.0, 1e-30)
        out[10] = libdevice.int2float_rz(np.int32(16777217))
        out[11] = libdevice.int2float_ru(np.int32(16777217))
        out[12] = libdevice.ull2double_rd(np.uint64(0xFFFFFFFFFFFFFFFF))
        out[13] = libdevice.frcp_rn(np.float32(3.0))
        ints[0] = libdevice.float2int_rn(np.float32(2.5))   # half to even
        ints[1] = libdevice.float2int_rn(np.float32(3.5))
        ints[2] = libdevice.double2int_rd(-2.5)
        ints[3] = libdevice.double2int_ru(-2.5)
        ints[4] = libdevice.double2int_rz(1e20)    # saturated
        ints[5] = libdevice.double2int_rz(-1e20)
        ints[6] = libdevice.float2int_rn(np.float32(np.nan))  # NaN converts to 0
        ints[7] = libdevice.double2uint_rn(-5.0)   # saturated at 0
        ints[8] = libdevice.double2ll_ru(1e30)
        ints[9] = libdevice.double2ull_rd(1e30)

    out = np.zeros(14)
    ints = np.zeros(10, np.int64)
    third = np.float32(1) / np.float32(3)  # not exact: its square rounds
    k[1, 1](third, 0.1, out, ints)
    up, down = np.nextafter(1.0, 2.0), np.nextafter(1.0, 0.0)
    assert out[0] == up and out[1] == down
    assert out[2] == 1.0 / 3.0 and out[3] == np.nextafter(1.0 / 3.0, 1.0)  # 1/3 rounds down
    # sqrt(2) = 1.41421356237309504..., which float64 rounds up to 1.41421356237309514...
    assert out[4] == np.nextafter(np.sqrt(2.0), 0.0) and out[5] == np.sqrt(2.0)
    f32_01 = np.float32(0.1)  # rounds up from 0.1
    assert out[6] == f32_01 and out[7] == np.nextafter(f32_01, np.float32(0))
    exact = float(third) * float(third)  # exact in float64
    assert out[8] == float(np.float32(exact)) or out[8] > exact
    assert out[8] >= exact and out[8] - exact < 2 ** -24 * exact
    assert out[9] == up  # 1 + 1e-30 rounded up, in one rounding
    assert out[10] == 16777216.0 and out[11] == 16777218.0
    assert out[12] == np.nextafter(2.0 ** 64, 0)
    assert out[13] == float(np.float32(1) / np.float32(3))
    i32 = np.iinfo(np.int32)
    assert ints[:9].tolist() == [2, 4, -3, -2, i32.max, i32.min, 0, 0, np.iinfo(np.int64).max]
    assert ints.view(np.uint64)[9] == np.iinfo(np.uint64).max  # stored as int64: its bits


def test_integer_intrinsics(jit):
    # Expected values worked by hand from the CUDA Math API's definitions.
    @jit
    def k(o):
        o[0] = libdevice.byte_perm(np.uint32(0x33221100), np.uint32(0x77665544),
                                   np.uint32(0x7531))  # bytes 1, 3, 5, 7 of {y, x}
        o[1] = libdevice.clz(np.int32(0))
        o[2] = libdevice.clz(np.int32(-1))
        o[3] = libdevice.clzll(np.int64(1))
        o[4] = libdevice.mul24(np.int32(0x00FFFFFF), np.int32(3))  # low 24 bits: -1
        o[5] = libdevice.mulhi(np.int32(-2), np.int32(0x40000000))  # -2^31 >> 32
        o[6] = libdevice.mul64hi(np.int64(-1), np.int64(5))        # -5 >> 64
        o[7] = libdevice.umul64hi(np.uint64(1 << 63), np.uint64(6))
        o[8] = libdevice.sad(np.int32(-7), np.int32(5), np.uint32(100))
        o[9] = libdevice.hadd(np.int32(-3), np.int32(0))           # floor(-1.5)
        o[10] = libdevice.rhadd(np.int32(2147483647), np.int32(2147483647))
        o[11] = libdevice.urhadd(np.uint32(0xFFFFFFFF), np.uint32(0))
        o[12] = libdevice.brevll(np.uint64(1))
        o[13] = libdevice.popcll(np.uint64(0xFF00FF00FF00FF00))
        o[14] = libdevice.double2hiint(-2.0)                       # 0xC0000000
        o[15] = libdevice.double2loint(libdevice.hiloint2double(np.int32(7), np.int32(9)))
        o[16] = libdevice.float2half_rn(np.float32(1.0 + 2.0 ** -11))  # a tie: to even
        o[17] = libdevice.float2half_rn(np.float32(65520.0))       # rounds past max: inf
        o[18] = libdevice.umul24(np.uint32(0x01000002), np.uint32(0x01000003))
        o[19] = libdevice.usad(np.uint32(3), np.uint32(10), np.uint32(1))

    o = np.zeros(20, np.int64)
    k[1, 1](o)
    assert o.tolist() == [0x77553311, 32, 0, 63, -3, -(2 ** 31) >> 32, -1, 3, 112, -2,
                          2147483647, 0x80000000, -(2 ** 63), 32, -0x40000000, 9,
                          0x3C00, 0x7C00, 6, 8]

    @jit
    def h(bits, out):
        i = cuda.grid(1)
        if i < bits.size:
            out[i] = libdevice.half2float(bits[i])

    bits = np.array([0x0001, 0x8001, 0x03FF, 0x3C00, 0xC000, 0x7C00, 0xFC00, 0x7BFF], np.uint16)
    out = np.zeros(bits.size, np.float32)
    h[1, 32](bits, out)
    np.testing.assert_array_equal(out, bits.view(np.float16).astype(np.float32))


def test_special_values_of_the_special_functions(jit):
    # CUDA Math API: erfinv(+-1) = +-inf, cyl_bessel_i0(+-inf) = +inf,
    # cyl_bessel_i1(+-inf) = +-inf; I0 and I1 pass DBL_MAX at x = 713.99.
    @jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[0, i] = libdevice.erfinv(x[i])
            out[1, i] = libdevice.cyl_bessel_i0(x[i] * 1e8)
            out[2, i] = libdevice.cyl_bessel_i1(x[i] * 1e8)
            out[3, i] = libdevice.erfcinv(1.0 - x[i])

    x = np.array([1.0, -1.0])
    out = np.zeros((4, 2))
    k[1, 2](x, out)
    inf = np.inf
    assert out[0].tolist() == [inf, -inf]
    assert out[1].tolist() == [inf, inf] and out[2].tolist() == [inf, -inf]
    assert out[3].tolist() == [inf, -inf]
    big = np.array([-np.inf, np.inf, 713.0, -713.0, 714.0])
    out = np.zeros((4, 5))
    k[1, 8](big / 1e8, out)

    def asymptotic(nu, x):
        # I_nu(x) ~ e^x / sqrt(2 pi x) (1 - (m-1)/(8x) + (m-1)(m-9)/(2!(8x)^2) - ...),
        # m = 4 nu^2 (Abramowitz and Stegun 9.7.1): 1e-13 at x = 713 with 5 terms.
        m, term, total = 4 * nu * nu, 1.0, 1.0
        for k_ in range(1, 5):
            term *= -(m - (2 * k_ - 1) ** 2) / (k_ * 8 * x)
            total += term
        return np.exp(x - 0.5 * np.log(2 * np.pi * x)) * total

    inf = np.inf
    np.testing.assert_allclose(out[1], [inf, inf, asymptotic(0, 713.0), asymptotic(0, 713.0),
                                        inf], rtol=1e-12)
    np.testing.assert_allclose(out[2], [-inf, inf, asymptotic(1, 713.0), -asymptotic(1, 713.0),
                                        inf], rtol=1e-12)


def test_inverse_error_functions_near_their_centre_and_normcdf_far_out(jit):
    # erfcinv(1 + d) = -d sqrt(pi) / 2 (1 + O(d^2)) for tiny d, and d = y - 1
    # is exact; normcdf(-33.40253855340258) = 6.297118625844261e-245 from
    # erfc's continued fraction at 60 digits (Abramowitz and Stegun 7.1.14),
    # where rounding -x / sqrt(2) alone would cost 1e-13 relative.
    @jit
    def k(x, out):
        out[0] = libdevice.erfcinv(x[0])
        out[1] = libdevice.normcdfinv(x[1])
        out[2] = libdevice.normcdf(x[2])

    x = np.array([1.0000000010282426, 0.5000000003373555, -33.40253855340258])
    out = np.zeros(3)
    k[1, 1](x, out)
    d = x[0] - 1.0
    assert out[0] == pytest.approx(-d * np.sqrt(np.pi) / 2, rel=2e-15)
    # normcdfinv(1/2 + e) = sqrt(2 pi) e (1 + O(e^2)).
    e = x[1] - 0.5
    assert out[1] == pytest.approx(np.sqrt(2 * np.pi) * e, rel=2e-15)
    assert out[2] == pytest.approx(6.297118625844261e-245, rel=2e-15)
