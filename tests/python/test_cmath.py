"""cmath in kernels (numba.cuda's list: exp, log, log10, sqrt, the
trigonometric and hyperbolic functions and their inverses, phase, polar,
rect, isnan, isinf, isfinite, and the constants). Expected values are
Python's cmath, computed on the host for the same inputs."""
import cmath
import math

import numpy as np
import pytest

import pyjit
from pyjit import cuda

UNARY = ("exp log log10 sqrt sin cos tan asin acos atan sinh cosh tanh asinh acosh "
         "atanh").split()


def _unary_kernel(jit):
    # One output row per function (written out: a kernel cannot index a
    # tuple of functions).
    @jit
    def k(z, out):
        i = cuda.grid(1)
        if i < z.size:
            out[0, i] = cmath.exp(z[i])
            out[1, i] = cmath.log(z[i])
            out[2, i] = cmath.log10(z[i])
            out[3, i] = cmath.sqrt(z[i])
            out[4, i] = cmath.sin(z[i])
            out[5, i] = cmath.cos(z[i])
            out[6, i] = cmath.tan(z[i])
            out[7, i] = cmath.asin(z[i])
            out[8, i] = cmath.acos(z[i])
            out[9, i] = cmath.atan(z[i])
            out[10, i] = cmath.sinh(z[i])
            out[11, i] = cmath.cosh(z[i])
            out[12, i] = cmath.tanh(z[i])
            out[13, i] = cmath.asinh(z[i])
            out[14, i] = cmath.acosh(z[i])
            out[15, i] = cmath.atanh(z[i])
    return k


def _inputs():
    # Both branch cuts (the real axis beyond +-1, the imaginary axis beyond
    # +-i), the unit circle (log's log1p form), large and small parts.
    fixed = [1 + 0j, -1 + 0j, 1j, -1j, 0.5 + 0.5j, -2 + 3j, 3 - 4j, -0.3 - 0.9j, 1e-8 + 1e-8j,
             20 + 1j, -20 - 1j, 1e10 + 1e10j, 0.999 + 0.001j, 2j, -2j, 1.5 + 0j, -1.5 + 0j,
             0.6 + 0.8j, 400 + 0.5j]
    rng = np.random.default_rng(1)
    return fixed + list(rng.normal(size=24) * 3 + 1j * rng.normal(size=24) * 3)


@pytest.mark.parametrize("dtype, tol", [(np.complex128, 1e-12), (np.complex64, 3e-6)])
def test_unary_functions_match_python(jit, dtype, tol):
    z = np.array(_inputs(), dtype=dtype)
    out = np.zeros((len(UNARY), z.size), dtype=dtype)
    _unary_kernel(jit)[1, 64](z, out)
    largest = float(np.finfo(dtype).max)
    for row, name in enumerate(UNARY):
        for i, v in enumerate(z):
            try:
                want = getattr(cmath, name)(complex(v))
            except (OverflowError, ValueError):  # Python raises (cosh(400), atanh(1)); kernels cannot
                continue
            if max(abs(want.real), abs(want.imag)) > largest:
                continue  # beyond complex64 (cosh(400) in float64 is 2.6e173)
            got = complex(out[row, i])
            assert cmath.isclose(got, want, rel_tol=tol, abs_tol=tol), (name, complex(v), got, want)


@pytest.mark.parametrize("dtype, tol", [(np.complex128, 1e-12), (np.complex64, 3e-6)])
def test_tiny_and_huge_parts_stay_finite_where_python_is(jit, dtype, tol):
    # CPython's scaled branches: subnormal parts (sqrt, log), parts beyond
    # max/4 (log, asinh, acos, acosh, atanh), exp just past overflow,
    # atanh/atan just off +-1/+-i; and parts that overflow complex64.
    with np.errstate(over="ignore"):  # 1e308 is inf in complex64, on purpose
        z = np.array([5e-324 + 0j, 5e-324j, 1 + 5e-324j, 1e-300 + 1e-300j, 1 + 1e-200j,
                      1e-200 + 1j, 710 + 0.8j, 1e308 + 1e308j, -1e308 + 2e307j,
                      1e-310 + 1e-310j, 3e38 + 3e38j, 1e-40 + 1j, 1e-45 + 0j, 1e-44j,
                      1e-40 + 0j, 1.5e308 - 1j], dtype=dtype)
    out = np.zeros((len(UNARY), z.size), dtype=dtype)
    _unary_kernel(jit)[1, 64](z, out)
    largest, tiny = float(np.finfo(dtype).max), float(np.finfo(dtype).tiny)
    for row, name in enumerate(UNARY):
        for i, v in enumerate(z):
            try:
                want = getattr(cmath, name)(complex(v))
            except (OverflowError, ValueError):
                continue
            if max(abs(want.real), abs(want.imag)) > largest:
                continue
            want = complex(dtype(want))  # rounded to the result's type
            got = complex(out[row, i])
            assert (cmath.isclose(got, want, rel_tol=tol, abs_tol=4 * tiny)
                    or (cmath.isnan(got) and cmath.isnan(want))), (name, complex(v), got, want)


def test_special_values_of_sqrt_exp_and_log(jit):
    @jit
    def k(z, out):
        i = cuda.grid(1)
        if i < z.size:
            out[0, i] = cmath.sqrt(z[i])
            out[1, i] = cmath.exp(z[i])
            out[2, i] = cmath.log(z[i])

    inf = math.inf
    z = np.array([0j, complex(-0.0, -0.0), complex(1, inf), complex(-inf, 2), complex(inf, 0),
                  complex(-4, -0.0)])
    out = np.zeros((3, z.size), dtype=np.complex128)
    k[1, 8](z, out)
    # sqrt keeps the sign of a zero imaginary part (the branch cut), and
    # sqrt(x + inf j) is inf + inf j (CPython's table).
    assert [complex(v) for v in out[0]] == [0j, complex(0, -0.0), complex(inf, inf), complex(0, inf),
                                            complex(inf, 0), complex(0, -2)]
    assert complex(out[1, 4]) == complex(inf, 0)  # exp(inf + 0j), not inf + nan j
    assert complex(out[2, 0]) == complex(-inf, 0)  # log(0): CPython raises; numba gives -inf
    assert complex(out[2, 5]) == cmath.log(complex(-4, -0.0))  # below the cut: -pi


# CPython's tables of special values (Modules/cmathmodule.c): each part from
# every kind special_type tells apart (-inf, negative, -0, +0, positive, +inf,
# NaN). Compared bit for bit: NaN-ness, the signs of zeros and infinities;
# finite values to a few ulp of the part's type.
SPECIAL = [-math.inf, -2.3, -0.0, 0.0, 2.3, math.inf, math.nan]
SPECIAL_GRID = [complex(a, b) for a in SPECIAL for b in SPECIAL]
ULPS = {np.complex128: 4, np.complex64: 8}


def _same_float(got, want, part, ulps):
    if math.isnan(want) or math.isnan(got):
        return math.isnan(want) and math.isnan(got)
    if math.isinf(want) or want == 0 or math.isinf(got) or got == 0:
        return got == want and math.copysign(1, got) == math.copysign(1, want)
    return abs(got - want) <= ulps * float(np.spacing(part(abs(want))))


def _same(got, want, dtype):
    """`got` (a dtype value) is CPython's `want` as the bits tell: see SPECIAL."""
    part = np.float32 if dtype == np.complex64 else np.float64
    ulps = ULPS[dtype]
    if isinstance(want, tuple):
        return all(_same_float(float(g), float(part(w)), part, ulps) for g, w in zip(got, want))
    if isinstance(want, float):
        return _same_float(float(got), float(part(want)), part, ulps)
    with np.errstate(over="ignore"):
        want = complex(dtype(want))  # rounded to the result's type
    return (_same_float(got.real, want.real, part, ulps)
            and _same_float(got.imag, want.imag, part, ulps))


def _python_or_none(f, *args):
    try:
        return f(*args)
    except (ValueError, OverflowError):  # a kernel gives C99's value instead
        return None


@pytest.mark.parametrize("dtype", [np.complex128, np.complex64])
def test_unary_functions_on_special_values_match_python(jit, dtype):
    z = np.array(SPECIAL_GRID, dtype=dtype)
    out = np.zeros((len(UNARY), z.size), dtype=dtype)
    _unary_kernel(jit)[1, 64](z, out)
    wrong = []
    for row, name in enumerate(UNARY):
        for i, v in enumerate(SPECIAL_GRID):
            want = _python_or_none(getattr(cmath, name), v)
            got = complex(out[row, i])
            if want is not None and not _same(got, want, dtype):
                wrong.append((name, v, got, want))
    assert not wrong


@pytest.mark.parametrize("dtype", [np.complex128, np.complex64])
def test_phase_polar_and_rect_on_special_values_match_python(jit, dtype):
    @jit
    def k(z, r, phi, phase, modulus, angle, rect):
        i = cuda.grid(1)
        if i < z.size:
            phase[i] = cmath.phase(z[i])
            m, a = cmath.polar(z[i])
            modulus[i] = m
            angle[i] = a
            rect[i] = cmath.rect(r[i], phi[i])

    part = np.float32 if dtype == np.complex64 else np.float64
    z = np.array(SPECIAL_GRID, dtype=dtype)
    r, phi = z.real.copy(), z.imag.copy()
    phase, modulus, angle = (np.zeros(z.size, part) for _ in range(3))
    rect = np.zeros(z.size, dtype)
    k[1, 64](z, r, phi, phase, modulus, angle, rect)
    wrong = []
    for i, v in enumerate(SPECIAL_GRID):
        checks = [("phase", phase[i], cmath.phase(v)),
                  ("polar", (modulus[i], angle[i]), cmath.polar(v)),
                  ("rect", complex(rect[i]), _python_or_none(cmath.rect, v.real, v.imag))]
        for name, got, want in checks:
            if want is not None and not _same(got, want, dtype):
                wrong.append((name, v, got, want))
    assert not wrong


def test_special_values_where_python_raises_are_c99s(jit):
    # CPython raises ValueError here after computing C99 Annex G's value
    # (its table's entry); a kernel cannot raise and gives that value.
    @jit
    def k(z, out):
        out[0] = cmath.exp(z[0])
        out[1] = cmath.exp(z[1])
        out[2] = cmath.cosh(z[2])
        out[3] = cmath.sin(z[3])

    inf, nan = math.inf, math.nan
    z = np.array([complex(2.3, inf), complex(inf, inf), complex(0.0, inf), complex(inf, 0.0)])
    out = np.zeros(z.size, dtype=np.complex128)
    k[1, 1](z, out)
    cases = [(cmath.exp, complex(nan, nan)), (cmath.exp, complex(inf, nan)),
             (cmath.cosh, complex(nan, 0.0)), (cmath.sin, complex(nan, -0.0))]
    for (f, want), v, got in zip(cases, z, out):
        with pytest.raises(ValueError):
            f(complex(v))
        assert _same(complex(got), want, np.complex128), (f.__name__, v, got, want)


def test_cosh_and_sinh_of_a_real_past_overflow_keep_a_zero_imaginary_part(jit):
    # cosh(x + 0j) where cosh(x) overflows: inf + 0j, as exp(x + 0j) (no
    # 0 * inf = nan); complex64 overflows where CPython's double does not.
    @jit
    def k(z, out):
        i = cuda.grid(1)
        if i < z.size:
            out[0, i] = cmath.cosh(z[i])
            out[1, i] = cmath.sinh(z[i])
            out[2, i] = cmath.cos(z[i] * 1j)

    z = np.array([100 + 0j, complex(-100, -0.0), complex(-100, 0.0)], dtype=np.complex64)
    out = np.zeros((3, z.size), dtype=np.complex64)
    k[1, 8](z, out)
    for row, f in enumerate([cmath.cosh, cmath.sinh, lambda v: cmath.cos(v * 1j)]):
        for i, v in enumerate(z):
            want = f(complex(v))  # finite in float64, +-inf in complex64
            assert _same(complex(out[row, i]), want, np.complex64), (row, v, out[row, i], want)


def test_phase_polar_rect_and_tests(jit):
    @jit
    def k(z, r, phi, out, flags):
        i = cuda.grid(1)
        if i < z.size:
            p = cmath.polar(z[i])
            r[i] = p[0]
            phi[i] = cmath.phase(z[i])
            out[i] = cmath.rect(p[0], p[1])
            flags[0, i] = cmath.isnan(z[i])
            flags[1, i] = cmath.isinf(z[i])
            flags[2, i] = cmath.isfinite(z[i])

    z = np.array([3 + 4j, -1 + 0j, complex(-1, -0.0), 1j, complex(math.nan, 1), complex(2, math.inf)])
    r, phi = np.zeros(z.size), np.zeros(z.size)
    out = np.zeros_like(z)
    flags = np.zeros((3, z.size), dtype=np.bool_)
    k[1, 8](z, r, phi, out, flags)
    for i, v in enumerate(z):
        want_r, want_phi = cmath.polar(v)
        assert (r[i], phi[i]) == pytest.approx((want_r, want_phi), nan_ok=True)
        assert phi[i] == pytest.approx(cmath.phase(v), nan_ok=True)
        assert list(flags[:, i]) == [cmath.isnan(v), cmath.isinf(v), cmath.isfinite(v)]
    np.testing.assert_allclose(out[:4], z[:4], rtol=1e-15, atol=1e-15)
    assert phi[2] == -math.pi  # phase of -1 - 0j: the other side of the cut


def test_argument_types_constants_and_two_argument_log(jit):
    @jit
    def k(x32, x64, n, out64, out32):
        out64[0] = cmath.sqrt(x64[0])              # float64 -> complex128
        out64[1] = cmath.log(x64[1], 10)           # log(z, base)
        out64[2] = cmath.exp(n[0] * cmath.pi * 1j)  # int * pi * 1j
        out64[3] = cmath.infj + cmath.e + cmath.tau + cmath.inf
        out64[4] = cmath.rect(2, cmath.pi / 2)
        out32[0] = cmath.sqrt(x32[0])              # float32 -> complex64
        out32[1] = cmath.exp(complex(x32[1], x32[1]))

    x32 = np.array([-4, 0.5], dtype=np.float32)
    x64 = np.array([-9.0, 1000.0])
    out64 = np.zeros(5, dtype=np.complex128)
    out32 = np.zeros(2, dtype=np.complex64)
    k[1, 1](x32, x64, np.array([1]), out64, out32)
    assert out64[0] == cmath.sqrt(-9.0) == 3j
    assert out64[1] == pytest.approx(cmath.log(1000.0, 10))
    assert out64[2] == pytest.approx(cmath.exp(cmath.pi * 1j), abs=1e-15)
    assert complex(out64[3]) == complex(math.inf, math.inf)
    assert out64[4] == pytest.approx(cmath.rect(2, math.pi / 2), abs=1e-15)
    assert out32[0] == 2j
    assert complex(out32[1]) == pytest.approx(cmath.exp(complex(0.5, 0.5)), rel=1e-6)


def test_cmath_types_follow_numba(jit):
    # complex64 in and complex64 out; a float32 argument gives complex64,
    # float64 and integers complex128; phase and polar give the part's float.
    @jit
    def k(z64, out64, z128, out128, p32):
        out64[0] = cmath.sqrt(z64[0])
        out128[0] = cmath.sqrt(z128[0])
        p32[0] = cmath.phase(z64[0])

    z64 = np.array([1j], dtype=np.complex64)
    z128 = np.array([1j])
    out64, out128 = np.zeros(1, np.complex64), np.zeros(1, np.complex128)
    p32 = np.zeros(1, np.float32)
    k[1, 1](z64, out64, z128, out128, p32)
    want = cmath.sqrt(1j)
    assert out64[0] == pytest.approx(want, rel=1e-6) and out128[0] == pytest.approx(want, rel=1e-15)
    assert p32[0] == np.float32(math.pi / 2)


@pytest.mark.parametrize("body, message", [
    ("out[0] = cmath.exp(z[0], z[0])", r"cmath.exp\(\) takes 1 argument, got 2"),
    ("out[0] = cmath.log()", r"cmath.log\(\) takes 1 or 2 arguments, got 0"),
    ("out[0] = cmath.rect(z[0], 1.0)", r"cmath.rect\(\) takes real numbers .* not complex128"),
    ("out[0] = cmath.sqrt(z)", r"cmath.sqrt\(\) needs a number, not array"),
    ("out[0] = cmath.gamma(z[0])", r"'cmath.gamma' is not supported in kernels"),
    ("out[0] = cmath.sqrt(z[0], base=2)", r"keyword arguments to cmath.sqrt\(\)"),
    # Python takes these keywords; numba-cuda refuses them (pyjit once ignored them)
    ("out[0] = complex(2.0, imag=5.0)", r"keyword arguments to complex\(\) are not supported"),
    ("out[0] = pow(*(2, 3), mod=5)", r"keyword arguments to pow\(\) are not supported"),
    ("out[0] = divmod(7, 2, foo=1)[0]", r"keyword arguments to divmod\(\) are not supported"),
    ("out[0] = z[0].conjugate(foo=1)", r"conjugate\(\) takes no arguments"),
])
def test_cmath_errors_name_the_call(body, message, tmp_path):
    from kernel_files import load_module
    mod = load_module(tmp_path, "kern", "import cmath\nfrom pyjit import cuda\n\n\n"
                      "def k(z, out):\n    %s\n" % body)
    kernel = pyjit.jit(mod.k)
    with pytest.raises(pyjit.CompileError, match=message) as info:
        kernel[1, 1](np.zeros(1, np.complex128), np.zeros(1, np.complex128))
    assert "kern.py:6:" in str(info.value)


def test_arctanh_of_plus_and_minus_one_is_numpy_s_infinity(jit):
    # C99 and NumPy: catanh(+-1 + 0j) = +-inf + 0j (CPython raises ValueError,
    # having computed pi/4 for the imaginary part).
    @jit
    def k(z, out):
        for i in range(z.size):
            out[i] = np.arctanh(z[i])

    z = np.array([1 + 0j, -1 + 0j, complex(1, -0.0), complex(-1, -0.0)])
    out = np.zeros_like(z)
    k[1, 1](z, out)
    with np.errstate(all="ignore"):
        want = np.arctanh(z)
    np.testing.assert_array_equal(out.real, want.real)
    np.testing.assert_array_equal(out.imag, want.imag)
    np.testing.assert_array_equal(np.signbit(out.imag), np.signbit(want.imag))


def test_rect_with_zero_phase_has_cpythons_signed_zero(jit):
    # CPython: rect(r, 0) is r + (r * phi)j, so rect(-1, 0) is -1-0j; rect(-inf, 0)
    # is -inf-0j (its special-value table), not a nan from inf * 0.
    @jit
    def k(out, r, phi):
        for i in range(r.size):
            out[i] = cmath.rect(r[i], phi[i])

    cases = [(-1.0, 0.0), (-math.pi, 0.0), (1.0, -0.0), (-1.0, -0.0), (-0.0, 0.0),
             (math.inf, 0.0), (-math.inf, 0.0), (2.0, 1.0)]
    r = np.array([c[0] for c in cases])
    phi = np.array([c[1] for c in cases])
    out = np.zeros(len(cases), np.complex128)
    k[1, 1](out, r, phi)
    for case, got in zip(cases, out):
        want = cmath.rect(*case)
        assert got.real == want.real, case
        assert math.copysign(1, got.imag) == math.copysign(1, want.imag), case
        assert abs(got.imag - want.imag) <= 1e-15, case


def test_numpy_complex_types_take_two_parts(jit):
    @jit
    def k(out, re, im):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = np.complex128(re[i], im[i]) + np.complex64(im[i], 1)

    re = np.array([1.5, -2.0])
    im = np.array([-3.25, 4.0])
    out = np.empty(2, np.complex128)
    k[1, 2](out, re, im)
    np.testing.assert_array_equal(out, re + 1j * im + (im + 1j))


def test_numpy_complex_of_a_complex_part_is_an_error(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "cx2", "import numpy as np\n\n\ndef k(out):\n"
                                     "    out[0] = np.complex128(1j, 2)\n")
    with pytest.raises(pyjit.CompileError, match=r"cx2.py:5:28: error: complex128\(\) needs a "
                                                 r"real number here, not complex128"):
        jit(m.k)[1, 1](np.zeros(1, np.complex128))


@pytest.mark.parametrize("dtype, rtol", [(np.complex128, 1e-14), (np.complex64, 1e-5)])
def test_numpy_math_ufuncs_of_complex_arrays_with_an_output(jit, dtype, rtol):
    # np.sin(z, out) of complex arrays: cmath's function per element (numba's ufunc_db).
    @jit
    def k(a, s, c, e, l, q):
        np.sin(a, s)
        np.cos(a, out=c)
        np.exp(a, e)
        np.log10(a, l)
        np.arcsinh(a, q)

    a = np.array([0.5 + 0.5j, -0.5 - 0.5j, 2 - 3j], dtype=dtype)
    outs = [np.zeros_like(a) for _ in range(5)]
    k[1, 1](a, *outs)
    for got, f in zip(outs, [np.sin, np.cos, np.exp, np.log10, np.arcsinh]):
        np.testing.assert_allclose(got, f(a), rtol=rtol)


def test_numpy_orders_complex_numbers_in_comparisons_and_extrema(jit):
    # NumPy's complex loops (numba's ufunc_db): lexicographic order; NaN parts as
    # NumPy treats them (maximum/minimum: NaN wins; fmax/fmin: NaN loses).
    @jit
    def k(a, b, cmp, mx, s):
        np.less(a, b, cmp[0])
        np.less_equal(a, b, cmp[1])
        np.greater(a, b, cmp[2])
        np.greater_equal(a, b, cmp[3])
        np.maximum(a, b, mx[0])
        np.minimum(a, b, mx[1])
        np.fmax(a, b, mx[2])
        np.fmin(a, b, mx[3])
        s[0] = np.maximum(a[1], a[2])
        s[1] = np.less(a[1], a[2])

    vals = [1 + 2j, 1 + 3j, 2 + 0j, 0 + 5j, complex(math.nan, 0), complex(1, math.nan), -1 - 1j]
    a = np.array([x for x in vals for _ in vals])
    b = np.array([y for _ in vals for y in vals])
    cmp = np.zeros((4, a.size), np.bool_)
    mx = np.zeros((4, a.size), np.complex128)
    s = np.zeros(2, np.complex128)
    k[1, 1](a, b, cmp, mx, s)
    with np.errstate(invalid="ignore"):
        want_cmp = [np.less(a, b), np.less_equal(a, b), np.greater(a, b), np.greater_equal(a, b)]
        want_mx = [np.maximum(a, b), np.minimum(a, b), np.fmax(a, b), np.fmin(a, b)]
    np.testing.assert_array_equal(cmp, np.array(want_cmp))
    np.testing.assert_array_equal(mx, np.array(want_mx))   # (NaNs compare equal here)
    assert s[0] == np.maximum(a[1], a[2]) and s[1] == np.less(a[1], a[2])


_SIN = np.sin   # NumPy ufuncs bound to globals keep NumPy's complex meaning


def test_numpy_ufunc_globals_take_complex_numbers(jit):
    @jit
    def k(z, out, x, r):
        out[0] = _SIN(z[0])
        _SIN(z, out[1:])
        r[0] = _SIN(x[0])

    z = np.array([0.5 + 0.5j])
    out = np.zeros(2, np.complex128)
    r = np.zeros(1)
    k[1, 1](z, out, np.array([0.25]), r)
    np.testing.assert_allclose(out, [np.sin(z[0])] * 2, rtol=1e-14)
    assert r[0] == math.sin(0.25)
