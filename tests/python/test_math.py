"""math.* in kernels: result types as numba.cuda types them, values against numpy."""
import math

import numpy as np
import pytest

import pyjit

from pyjit import cuda

UNARY = ["acos", "asin", "atan", "cos", "sin", "tan", "cosh", "sinh", "tanh", "asinh",
         "atanh", "exp", "expm1", "log", "log10", "log1p", "log2", "sqrt", "fabs", "erf",
         "erfc", "degrees", "radians"]
NUMPY = {"acos": np.arccos, "asin": np.arcsin, "atan": np.arctan, "asinh": np.arcsinh,
         "atanh": np.arctanh, "fabs": np.abs, "degrees": np.degrees, "radians": np.radians}


def _kernel_for(name):
    src = ("def k(x, out):\n"
           "    i = cuda.grid(1)\n"
           "    if i < x.size:\n"
           "        out[i] = math.%s(x[i])\n" % name)
    env = {"cuda": cuda, "math": math}
    import linecache
    filename = "<math-%s>" % name
    linecache.cache[filename] = (len(src), None, src.splitlines(True), filename)
    exec(compile(src, filename, "exec"), env)
    return cuda.jit(env["k"])


def _ir_of(func, argtypes):
    from pyjit._ext import ext
    from pyjit._source import describe
    info = describe(func)
    return ext().compile_kernel(info["source"], info["filename"], info["firstline"], info["name"],
                                info["globals"], argtypes, "sm_90", 3, "ir")["ir"]


def test_float32_math_stays_float32():
    def kern(x, out):
        out[0] = math.sin(x[0]) + math.exp(x[0]) * math.atan2(x[0], 2.0)

    ir = _ir_of(kern, ("array(float32, 1d, A)", "array(float32, 1d, A)"))
    assert "math.sin" in ir and "math.atan2" in ir
    # (libdevice's own sinf uses float64 internally for huge arguments, so
    # the PTX is not the place to look.)
    assert "float64" not in ir


def test_floor_ceil_trunc_of_floats_are_floats_as_in_numba_cuda(jit):
    # numba-cuda's cudamath.py types math.floor/ceil/trunc float64(float64),
    # float32(float32), float64(int64) and float64(uint64): large values,
    # infinities, NaN and -0.0 come through (an int64 result would saturate or
    # give 0), and an integer is converted to float64 first.
    @jit
    def k(x, x32, out, out32, n, iout):
        for i in range(x.size):
            out[i, 0] = math.floor(x[i])
            out[i, 1] = math.ceil(x[i])
            out[i, 2] = math.trunc(x[i])
        y = math.floor(x32[0])
        out32[0] = y * x32[1]          # float32 * float32: no float64 (no warning)
        iout[0] = math.floor(n[0])     # float64(2**62 + 1) rounds to 2**62
        iout[1] = math.ceil(n[1]) + 1
        iout[2] = math.trunc(n[2]) * 0.5  # a float: the product is not floored
        out32[1] = -math.floor(np.uint8(5))  # -5.0 (a uint64 result would wrap)

    x = np.array([1e20, np.inf, -np.inf, np.nan, -0.5, 2.5, -2.5])
    out = np.zeros((x.size, 3))
    out32 = np.zeros(2, np.float32)
    iout = np.zeros(3, np.float64)
    k[1, 1](x, np.array([2.75, 1.5], np.float32), out, out32, np.array([2**62 + 1, -7, 3]), iout)
    np.testing.assert_array_equal(out[:, 0], np.floor(x))
    np.testing.assert_array_equal(out[:, 1], np.ceil(x))
    np.testing.assert_array_equal(out[:, 2], np.trunc(x))
    assert np.signbit(out[4, 1]) and np.signbit(out[4, 2])   # ceil(-0.5) is -0.0
    assert out32[0] == np.float32(3.0) and out32[1] == -5.0
    assert list(iout) == [2.0**62, -6.0, 1.5]


@pytest.mark.gpu
@pytest.mark.parametrize("name", UNARY)
@pytest.mark.parametrize("dtype,rtol", [(np.float64, 1e-13), (np.float32, 2e-6)])
def test_unary_math_matches_numpy(name, dtype, rtol):
    k = _kernel_for(name)
    x = np.linspace(0.05, 0.95, 37).astype(dtype)
    out = np.zeros_like(x)
    k[1, 64](x, out)
    ref_fn = NUMPY.get(name) or getattr(np, name, None) or np.vectorize(getattr(math, name))
    ref = ref_fn(x.astype(np.float64))
    np.testing.assert_allclose(out, ref, rtol=rtol, atol=rtol)


def test_rounding_and_predicates(jit):
    @jit
    def k(x, io, bo):
        i = cuda.grid(1)
        if i < x.size:
            io[i, 0] = math.floor(x[i])
            io[i, 1] = math.ceil(x[i])
            io[i, 2] = math.trunc(x[i])
            io[i, 3] = round(x[i])
            bo[i, 0] = math.isnan(x[i])
            bo[i, 1] = math.isinf(x[i])
            bo[i, 2] = math.isfinite(x[i])

    x = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.7, -2.7, np.inf, -np.inf, np.nan, 0.0])
    io = np.zeros((x.size, 4), dtype=np.int64)
    bo = np.zeros((x.size, 3), dtype=np.bool_)
    k[1, 32](x, io, bo)
    fin = np.isfinite(x)
    np.testing.assert_array_equal(io[fin, 0], np.floor(x[fin]))
    np.testing.assert_array_equal(io[fin, 1], np.ceil(x[fin]))
    np.testing.assert_array_equal(io[fin, 2], np.trunc(x[fin]))
    np.testing.assert_array_equal(io[fin, 3], [round(v) for v in x[fin]])  # half to even
    np.testing.assert_array_equal(bo[:, 0], np.isnan(x))
    np.testing.assert_array_equal(bo[:, 1], np.isinf(x))
    np.testing.assert_array_equal(bo[:, 2], np.isfinite(x))


def test_binary_math(jit):
    @jit
    def k(x, y, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i, 0] = math.atan2(x[i], y[i])
            out[i, 1] = math.hypot(x[i], y[i])
            out[i, 2] = math.pow(abs(x[i]), y[i])
            out[i, 3] = math.fmod(x[i], y[i])
            out[i, 4] = math.copysign(y[i], x[i])
            out[i, 5] = math.ldexp(x[i], 3)

    x = np.linspace(-3, 3, 25)
    y = np.linspace(0.5, 2.5, 25)
    out = np.zeros((25, 6))
    k[1, 32](x, y, out)
    np.testing.assert_allclose(out[:, 0], np.arctan2(x, y), rtol=1e-14)
    np.testing.assert_allclose(out[:, 1], np.hypot(x, y), rtol=1e-14)
    np.testing.assert_allclose(out[:, 2], np.abs(x) ** y, rtol=1e-14)
    np.testing.assert_allclose(out[:, 3], np.fmod(x, y), rtol=1e-14, atol=1e-15)
    np.testing.assert_array_equal(out[:, 4], np.copysign(y, x))
    np.testing.assert_array_equal(out[:, 5], x * 8)


def test_numpy_scalar_ufuncs_follow_numpy(jit):
    # np.minimum/maximum (NaN wins, the second operand on a tie: 0.0 vs -0.0),
    # np.fmin/fmax (NaN loses), sign (-0.0 gives 0.0), square, negative, abs
    # (integers stay integers), also imported by name.
    from numpy import minimum

    @jit
    def k(x, y, out, ix, iout):
        for i in range(x.size):
            out[0, i] = np.minimum(x[i], y[i])
            out[1, i] = np.maximum(x[i], y[i])
            out[2, i] = np.fmin(x[i], y[i])
            out[3, i] = np.fmax(x[i], y[i])
            out[4, i] = np.sign(x[i])
            out[5, i] = np.square(x[i])
            out[6, i] = np.negative(x[i])
            out[7, i] = np.abs(x[i])
            out[8, i] = minimum(y[i], x[i])
        for i in range(ix.size):
            iout[0, i] = np.absolute(ix[i])
            iout[1, i] = np.sign(ix[i])
            iout[2, i] = np.maximum(ix[i], 2)

    nan = np.nan
    x = np.array([1, nan, 3, -0.0, -2, nan, 0.0, -np.inf], np.float32)
    y = np.array([nan, 2, 1, 0.0, 5, nan, -0.0, 1], np.float32)
    out = np.zeros((9, x.size), np.float32)
    ix = np.array([-5, 0, 7], np.int32)
    iout = np.zeros((3, 3), np.int32)
    k[1, 1](x, y, out, ix, iout)
    want = [np.minimum(x, y), np.maximum(x, y), np.fmin(x, y), np.fmax(x, y), np.sign(x),
            np.square(x), np.negative(x), np.abs(x), np.minimum(y, x)]
    for got, expect in zip(out, want):
        # bit for bit: the signs of zeros and the NaNs
        np.testing.assert_array_equal(got.view(np.int32)[~np.isnan(expect)],
                                      expect.view(np.int32)[~np.isnan(expect)])
        np.testing.assert_array_equal(np.isnan(got), np.isnan(expect))
    np.testing.assert_array_equal(iout, [np.abs(ix), np.sign(ix), np.maximum(ix, 2)])


def test_min_max_with_a_literal_outside_the_narrow_type_widen_to_int64(jit):
    # max(int8 value, 300) is 300 (numba types it int64), not a wrapped 44.
    @jit
    def k(a, out):
        out[0] = max(a[0], 300)
        out[1] = np.maximum(a[0], 300)
        out[2] = min(a[1], -1000)
        out[3] = np.minimum(a[0], 5)

    out = np.zeros(4, np.int64)
    k[1, 1](np.array([5, -3], np.int8), out)
    assert out.tolist() == [300, 300, -1000, 5]


def test_numpy_ufuncs_on_bools_follow_numpy(jit, tmp_path):
    # minimum/maximum of bools are bools, square of a bool is int8, and sign
    # and negative have no bool loop in numpy: a compile error.
    import pyjit
    from kernel_files import load_module

    @jit
    def k(b, out, ob):
        out[0] = np.square(b[0])
        ob[0] = np.minimum(b[0], b[1])
        ob[1] = np.maximum(b[0], b[1])

    b = np.array([True, False])
    out, ob = np.zeros(1, np.int8), np.zeros(2, np.bool_)
    k[1, 1](b, out, ob)
    assert out[0] == np.square(np.True_) and ob.tolist() == [False, True]
    assert np.square(np.True_).dtype == np.int8
    mod = load_module(tmp_path, "kern_sign_bool",
                      "import numpy as np\n\n\ndef k(b, out):\n    out[0] = np.sign(b[0])\n")
    with pytest.raises(pyjit.CompileError, match=r"numpy.sign\(\) does not take a bool"):
        pyjit.jit(mod.k)[1, 1](b, np.zeros(1))


def test_cuda_fp16_functions(jit):
    # numba.cuda.fp16: float16 arithmetic as numpy's float16, the math in
    # float32 rounded to float16, hmax/hmin skip a NaN, ordered comparisons.
    from pyjit.cuda import fp16

    @jit
    def k(a, b, c, out, cmp):
        i = cuda.grid(1)
        if i < a.size:
            out[0, i] = cuda.fp16.hadd(a[i], b[i])
            out[1, i] = cuda.fp16.hsub(a[i], b[i])
            out[2, i] = cuda.fp16.hmul(a[i], b[i])
            out[3, i] = cuda.fp16.hdiv(a[i], b[i])
            out[4, i] = fp16.hneg(a[i])
            out[5, i] = fp16.habs(a[i])
            out[6, i] = fp16.hfma(a[i], b[i], c[i])
            out[7, i] = fp16.hmax(a[i], b[i])
            out[8, i] = fp16.hmin(a[i], b[i])
            out[9, i] = fp16.hsqrt(b[i])
            out[10, i] = fp16.hexp(a[i])
            out[11, i] = fp16.hsin(a[i])
            out[12, i] = fp16.hfloor(a[i])
            out[13, i] = fp16.hrcp(b[i])
            out[14, i] = fp16.hexp2(a[i])
            cmp[0, i] = fp16.heq(a[i], b[i])
            cmp[1, i] = fp16.hne(a[i], b[i])
            cmp[2, i] = fp16.hlt(a[i], b[i])

    h = np.float16
    # The last three: hfma's exact a*b + c is 51439.9996, below the midpoint
    # of 51424 and 51456 (one rounding gives 51424, two 51456); +0 > -0 for
    # hmax and hmin (cuda_fp16.h).
    a = np.array([1.5, -2.25, 0.1, np.nan, 3.0, 0.0, -20.0, 0.0, -0.0], h)
    b = np.array([0.5, 4.0, 0.1, 1.0, np.nan, 2.0, -2572.0, -0.0, 0.0], h)
    c = np.array([1.0, 0.5, -0.25, 2.0, 1.0, 3.0, -0.0003986, 1.0, 1.0], h)
    out = np.zeros((15, a.size), h)
    cmp = np.zeros((3, a.size), np.bool_)
    k[1, 16](a, b, c, out, cmp)
    f32, f64 = np.float32, np.float64
    with np.errstate(invalid="ignore"):  # (NaN in, NaN out)
        exact = [a + b, a - b, a * b, a / b, -a, np.abs(a),
                 (a.astype(f64) * b.astype(f64) + c.astype(f64)).astype(h),
                 np.fmax(a, b), np.fmin(a, b)]
    with np.errstate(invalid="ignore"):
        for row, want in enumerate(exact):
            np.testing.assert_array_equal(out[row], want, err_msg="row %d" % row)
    assert out[6, 6] == 51424.0
    assert not np.signbit(out[7, 7]) and not np.signbit(out[7, 8])  # hmax: +0
    assert np.signbit(out[8, 7]) and np.signbit(out[8, 8])  # hmin: -0
    with np.errstate(invalid="ignore", divide="ignore"):  # (b holds -0.0 and 0.0)
        approx = [np.sqrt(b.astype(f32)), np.exp(a.astype(f32)), np.sin(a.astype(f32)),
                  np.floor(a.astype(f32)), 1 / b.astype(f32), np.exp2(a.astype(f32))]
    for row, want in enumerate(approx, start=9):
        np.testing.assert_allclose(out[row].astype(f32), want.astype(h).astype(f32),
                                   rtol=1e-3, equal_nan=True, err_msg="row %d" % row)
    with np.errstate(invalid="ignore"):
        assert cmp[0].tolist() == (a == b).tolist()
        assert cmp[1].tolist() == ((a < b) | (a > b)).tolist()  # ordered: NaN gives False
        assert cmp[2].tolist() == (a < b).tolist()


SPECIAL = np.array([0.0, -0.0, 1.0, -3.5, 700.0, -700.0, np.inf, -np.inf, np.nan, 1e-300, 5.0,
                    -np.nan])


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_logaddexp_exp2_and_signbit_match_numpy(jit, dtype):
    @jit
    def k(x, y, out, sb):
        i = cuda.grid(1)
        if i < x.size:
            out[0, i] = np.logaddexp(x[i], y[i])
            out[1, i] = np.logaddexp2(x[i], y[i])
            out[2, i] = np.exp2(x[i])
            out[3, i] = math.exp2(x[i])
            sb[i] = np.signbit(x[i])

    vals = SPECIAL.astype(dtype)
    x, y = np.repeat(vals, vals.size), np.tile(vals, vals.size)
    out = np.zeros((4, x.size), dtype)
    sb = np.zeros(x.size, np.bool_)
    k[(x.size + 63) // 64, 64](x, y, out, sb)
    with np.errstate(all="ignore"):
        expected = [np.logaddexp(x, y), np.logaddexp2(x, y), np.exp2(x), np.exp2(x)]
    rtol = 1e-14 if dtype == np.float64 else 2e-6
    for got, want in zip(out, expected):
        np.testing.assert_allclose(got, want, rtol=rtol, atol=0, equal_nan=True)
    np.testing.assert_array_equal(sb, np.signbit(x))


def test_signbit_of_integers_and_bools(jit):
    @jit
    def k(a, b, out):
        out[0] = np.signbit(a[0])
        out[1] = np.signbit(a[1])
        out[2] = np.signbit(b[0])

    out = np.zeros(3, np.bool_)
    k[1, 1](np.array([-5, 0], np.int32), np.array([True]), out)
    np.testing.assert_array_equal(out, [True, False, False])


def _round_numba(x, nd):
    """numba.cuda's round(x, ndigits) (CPython 2's float rounding), which
    pyjit follows: round(2.675, 2) is 2.68 here, 2.67 in Python 3."""
    if math.isinf(x) or math.isnan(x):
        return x
    if nd >= 0:
        pow1, pow2 = (10.0 ** (nd - 22), 1e22) if nd > 22 else (10.0 ** nd, 1.0)
        y = (x * pow1) * pow2
        if math.isinf(y):
            return x
    else:
        pow1 = 10.0 ** -nd
        y = x / pow1
    def rint(v):  # C's rint: half to even, the sign kept (-0.3 -> -0.0)
        return math.copysign(float(round(v)), v)

    z = rint(y)
    if abs(y - z) == 0.5:
        z = 2.0 * rint(y / 2.0)
    return (z / pow2) / pow1 if nd >= 0 else z * pow1


FLOAT_PARTS = [0.0, -0.0, 1.5, -2.75, 1e300, 5e-324, 2.2250738585072014e-308, 0.5, 1.0,
               2.0**52 + 0.5, math.inf, -math.inf, math.nan, 123.456, 2.675, 0.125, -1e-310,
               7.0, 1023.999999, 0.1]


def test_modf_frexp_and_round_with_ndigits(jit):
    @jit
    def k(x, nd, out, e):
        i = cuda.grid(1)
        if i < x.size:
            f, w = math.modf(x[i])
            m, e[i] = math.frexp(x[i])
            out[0, i] = f
            out[1, i] = w
            out[2, i] = m
            out[3, i] = round(x[i], nd[i])

    x = np.array(FLOAT_PARTS * 6)
    nd = np.repeat(np.array([0, 1, 2, -1, -2, 25]), len(FLOAT_PARTS))
    out = np.zeros((4, x.size))
    e = np.zeros(x.size, np.int64)
    k[(x.size + 31) // 32, 32](x, nd, out, e)
    for i, v in enumerate(x.tolist()):
        want = list(math.modf(v)) + [math.frexp(v)[0], _round_numba(v, int(nd[i]))]
        for got, w in zip(out[:, i], want):
            assert (math.isnan(got) and math.isnan(w)) or \
                (got == w and math.copysign(1, got) == math.copysign(1, w)), (v, nd[i], got, w)
        assert e[i] == math.frexp(v)[1], (v, e[i])
    assert _round_numba(2.675, 2) == 2.68 and round(0.125, 2) == 0.12


def test_numpy_operator_ufuncs_and_complex_math(jit):
    # numba.cuda's NumPy ufuncs on scalars: the operators they stand for
    # (np.remainder is floored, as numpy's), and np.exp & co. of complex
    # numbers as cmath's. Expected values from NumPy.
    @jit
    def k(x, y, o, z):
        o[0] = np.remainder(x[0], y[0])
        o[1] = np.remainder(np.int64(-7), np.int64(3))
        o[2] = np.add(x[0], 2)
        o[3] = np.less(x[0], y[0])
        o[4] = np.logical_and(x[0], 0)
        o[5] = np.invert(np.int32(5))
        o[6] = np.floor_divide(-7.0, 0.0)
        o[7] = np.power(2, 10)
        o[8] = np.mod(x[0], -2.0)
        o[9] = np.bitwise_xor(np.int64(6), np.int64(3)) + np.left_shift(np.int64(1), 4)
        o[10] = np.logical_not(x[0]) + np.not_equal(x[0], x[0]) + np.greater_equal(y[0], 3)
        z[0] = np.exp(1j * x[0])
        z[1] = np.sqrt(-4 + 0j)
        z[2] = np.conjugate(z[0])

    x, y = np.array([-7.0]), np.array([3.0])
    o = np.zeros(11)
    z = np.zeros(3, np.complex128)
    k[1, 1](x, y, o, z)
    expect = [np.remainder(-7.0, 3.0), np.remainder(-7, 3), -5.0, 1.0, 0.0, np.invert(np.int32(5)),
              -np.inf, 1024.0, np.mod(-7.0, -2.0), (6 ^ 3) + 16, 0 + 0 + 1]
    np.testing.assert_array_equal(o, expect)
    np.testing.assert_allclose(z, [np.exp(-7j), 2j, np.conj(np.exp(-7j))], rtol=1e-15)


def test_float_floor_division_by_zero_is_the_quotient(jit):
    # NumPy (and numba.cuda's error model): x // 0.0 is x / 0.0.
    @jit
    def k(x, o):
        o[0] = x[0] // 0.0
        o[1] = -x[0] // 0.0
        o[2] = 0.0 // x[1]
        o[3] = x[0] % 0.0

    o = np.zeros(4)
    k[1, 1](np.array([1.0, 0.0]), o)
    assert o[0] == np.inf and o[1] == -np.inf and np.isnan(o[2]) and np.isnan(o[3])


def test_float_of_a_string_literal(jit, tmp_path):
    # float("inf") (numba >= 0.59) and Python's other float() strings, folded.
    @jit
    def k(out, x32):
        out[0] = float("inf")
        out[1] = float("-Infinity")
        out[2] = float(" 1_000.5 ")
        out[3] = float("nan")
        out[4] = -float("+inf")
        # np.float32("...") is a float32 (not a weak literal): float32 arithmetic.
        x32[0] = np.float32("0.1") * np.float32("3")
        out[5] = min(out[2], float("-1e3"))

    out = np.zeros(6)
    x32 = np.zeros(1, np.float32)
    k[1, 1](out, x32)
    assert out[0] == np.inf and out[1] == -np.inf and out[2] == 1000.5
    assert np.isnan(out[3]) and out[4] == -np.inf and out[5] == -1000.0
    assert x32[0] == np.float32(0.1) * np.float32(3)
    from kernel_files import load_module
    m = load_module(tmp_path, "float_string", '''
def bad(out):
    out[0] = float("1.5x")
''')
    with pytest.raises(pyjit.CompileError, match=r"float_string.py:3:20: error: could not "
                                                 r"convert string to float: '1.5x'"):
        jit(m.bad)[1, 1](np.zeros(1))


@pytest.mark.parametrize("text", ["5.", ".5", "1_0e1_0", "-0.0", "1E+3", "  +2.5e-3\n"])
def test_float_of_a_string_follows_python_grammar(jit, tmp_path, text):
    from kernel_files import load_module
    m = load_module(tmp_path, "float_ok", "def k(out):\n    out[0] = float(%r)\n" % text)
    out = np.zeros(1)
    jit(m.k)[1, 1](out)
    assert out[0] == float(text) and np.signbit(out[0]) == np.signbit(float(text))


@pytest.mark.parametrize("text", ["+-1", "1__0", "_1", "1_", "1._5", ".", "e5", "1e", "1e_5",
                                  "1.5.2", "0x10", "in f"])
def test_float_of_a_bad_string_is_a_compile_error(jit, tmp_path, text):
    with pytest.raises(ValueError):
        float(text)  # Python rejects it too
    from kernel_files import load_module
    m = load_module(tmp_path, "float_bad", "def k(out):\n    out[0] = float(%r)\n" % text)
    with pytest.raises(pyjit.CompileError, match="could not convert string to float"):
        jit(m.k)[1, 1](np.zeros(1))


def test_round_of_an_integer_with_ndigits_is_a_float(jit):
    # numba types round(int64, n) as round(float64, n): a float64.
    @jit
    def k(n, out):
        out[0] = round(n[0], -1)
        out[1] = round(n[1], 1)
        out[2] = round(n[2], -2) / 4      # true division of a float

    out = np.zeros(3)
    k[1, 1](np.array([15, 7, 250]), out)
    assert list(out) == [20.0, 7.0, 50.0]


def test_numpy_comparisons_of_signed_and_uint64_are_exact(jit):
    # NumPy's 'qQ->?' loops (numba's ufunc_db) compare exactly, not through float64.
    @jit
    def k(a, b, out, aa, bb, out_arr):
        for i in range(a.size):
            out[0, i] = np.less(a[i], b[i])
            out[1, i] = np.less_equal(a[i], b[i])
            out[2, i] = np.greater(a[i], b[i])
            out[3, i] = np.greater_equal(a[i], b[i])
            out[4, i] = np.equal(a[i], b[i])
            out[5, i] = np.not_equal(a[i], b[i])
            out[6, i] = np.less(b[i], a[i])
            out[7, i] = np.greater_equal(b[i], a[i])
        np.equal(aa, bb, out_arr)

    a = np.array([2**62, 2**62 + 1, -1, -2**63, 5, 2**63 - 1, 0], np.int64)
    b = np.array([2**62 + 1, 2**62 + 1, 2**64 - 1, 0, 5, 2**63, 0], np.uint64)
    out = np.zeros((8, a.size), np.bool_)
    bb = np.array([2**62 + 1, 2**62 + 1], np.uint64)
    out_arr = np.zeros(2, np.bool_)
    k[1, 1](a, b, out, a[:2].copy(), bb, out_arr)
    want = [np.less(a, b), np.less_equal(a, b), np.greater(a, b), np.greater_equal(a, b),
            np.equal(a, b), np.not_equal(a, b), np.less(b, a), np.greater_equal(b, a)]
    np.testing.assert_array_equal(out, np.array(want))
    np.testing.assert_array_equal(out_arr, [False, True])


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_nextafter_spacing_heaviside_reciprocal_float_power_match_numpy(jit, dtype):
    # numba-cuda's ufunc_db has these loops; values and dtypes from numpy.
    @jit
    def k(x, y, out, fp):
        i = cuda.grid(1)
        if i < x.size:
            out[0, i] = np.nextafter(x[i], y[i])
            out[1, i] = np.spacing(x[i])
            out[2, i] = np.heaviside(x[i], y[i])
            out[3, i] = np.reciprocal(x[i])
            fp[i] = np.float_power(x[i], y[i])

    with np.errstate(over="ignore"):  # 1e308 is inf in float32
        vals = np.concatenate([SPECIAL, [5e-324, -5e-324, 1e308, -2.0, 0.5]]).astype(dtype)
    x, y = np.repeat(vals, vals.size), np.tile(vals, vals.size)
    out = np.zeros((4, x.size), dtype)
    fp = np.zeros(x.size)
    k[(x.size + 63) // 64, 64](x, y, out, fp)
    with np.errstate(all="ignore"):
        expected = [np.nextafter(x, y), np.spacing(x), np.heaviside(x, y), np.reciprocal(x)]
        np.testing.assert_allclose(fp, np.float_power(x, y), rtol=1e-14, equal_nan=True)
    for got, want in zip(out, expected):
        np.testing.assert_array_equal(got, want)   # exact: no rounding in these


def test_integer_ufuncs_gcd_lcm_reciprocal_divmod_and_float_results(jit):
    @jit
    def k(a, b, g, l, r, q, m, f, e, t):
        i = cuda.grid(1)
        if i < a.size:
            g[i] = np.gcd(a[i], b[i])
            l[i] = np.lcm(a[i], b[i])
            r[i] = np.reciprocal(a[i])
            q[i], m[i] = np.divmod(a[i], b[i])
            f[i], e[i] = np.frexp(np.float32(a[i]))
            t[i] = np.bitwise_left_shift(np.bitwise_invert(a[i]), 1)

    a = np.array([0, 1, -1, 12, -18, 7, 0, 2**40, -2**31, 5], np.int64)
    b = np.array([0, 5, 4, -8, 12, 0, 9, 2**20, 3, 1], np.int64)
    g, l, r, q, m, t = (np.zeros(a.size, np.int64) for _ in range(6))
    f = np.zeros(a.size, np.float32)
    e = np.zeros(a.size, np.int32)
    k[1, 32](a, b, g, l, r, q, m, f, e, t)
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(g, np.gcd(a, b))
        np.testing.assert_array_equal(l, np.lcm(a, b))
        np.testing.assert_array_equal(r, np.reciprocal(a))
        nz = b != 0       # (x // 0 differs: numpy 0 with a warning, numba 0 too, but % 0)
        want_q, want_m = np.divmod(a, b)
        np.testing.assert_array_equal(q[nz], want_q[nz])
        np.testing.assert_array_equal(m[nz], want_m[nz])
    want_f, want_e = np.frexp(a.astype(np.float32))
    np.testing.assert_array_equal(f, want_f)
    np.testing.assert_array_equal(e, want_e)
    np.testing.assert_array_equal(t, np.left_shift(np.invert(a), 1))


def test_ufunc_result_dtypes_follow_numpys_loops(jit):
    # nextafter of int16s is float32 ('ff->f', the first loop they cast to),
    # of int64s float64; np.frexp's exponent is int32; gcd of bools is refused.
    @jit
    def k(s, w, out):
        out[0] = np.nextafter(s[0], s[1]) == np.float32(1.0000001)   # float32 next after 1
        out[1] = np.nextafter(w[0], w[1]) == 1.0000000000000002
        out[2] = np.modf(np.float32(-2.5))[0] == -0.5

    out = np.zeros(3, np.bool_)
    k[1, 1](np.array([1, 2], np.int16), np.array([1, 2], np.int64), out)
    assert out.all()

    @jit
    def bad(a, out):
        out[0] = np.gcd(a[0], 2.5)

    with pytest.raises(pyjit.CompileError, match=r"numpy.gcd\(\) takes integers, not float64"):
        bad[1, 1](np.zeros(1, np.int64), np.zeros(1, np.int64))


def test_scalar_view_and_array_item_sizes(jit):
    # x.view(dtype) of a number: its bits as another type of its size (numba's
    # scalar view); a.itemsize (a literal) and a.nbytes.
    @jit
    def k(a, bits, sizes):
        bits[0] = a[0].view(np.uint64)
        bits[1] = np.float32(a[1]).view(np.int32)
        sizes[0] = a.itemsize
        sizes[1] = a.nbytes
        sizes[2] = bits.itemsize * bits.size

    a = np.array([1.0, -2.5, 3.0])
    bits = np.zeros(2, np.uint64)
    sizes = np.zeros(3, np.int64)
    k[1, 1](a, bits, sizes)
    assert bits[0] == a[:1].view(np.uint64)[0]
    assert bits[1] == np.float32(-2.5).view(np.int32).astype(np.uint64)
    assert sizes.tolist() == [8, 24, 16]

    @jit
    def bad(a, out):
        out[0] = a[0].view(np.int32)

    with pytest.raises(pyjit.CompileError, match=r"cannot view a float64 \(8 bytes\) as int32"):
        bad[1, 1](np.zeros(1), np.zeros(1, np.int32))


def test_integer_ufuncs_of_uint64_and_a_python_int_and_gcd_of_int_min(jit):
    # NEP 50: a Python int takes the uint64's type (no float64 detour); gcd
    # of signed types computes |x| unsigned, so gcd(15, -128) is 1 (numpy).
    @jit
    def k(u, i, o, g):
        o[0] = np.bitwise_right_shift(u[0], 3)
        o[1] = np.gcd(u[0], 6)
        o[2] = np.lcm(u[0], 4)
        o[3] = np.bitwise_and(u[0], 3)
        g[0] = np.gcd(i[0], i[1])
        g[1] = np.gcd(i[2], i[3])
        g[2] = np.lcm(i[0], i[1])

    u = np.array([18], np.uint64)
    i = np.array([15, -128, -128, 0], np.int8)
    o = np.zeros(4, np.uint64)
    g = np.zeros(3, np.int8)
    k[1, 1](u, i, o, g)
    assert o.tolist() == [18 >> 3, np.gcd(u[0], 6), np.lcm(u[0], 4), 18 & 3]
    assert g.tolist() == [np.gcd(i[0], i[1]), np.gcd(i[2], i[3]), np.lcm(i[0], i[1])]

    @jit
    def bad(u, s, o):
        o[0] = np.bitwise_or(u[0], s[0])

    with pytest.raises(pyjit.CompileError, match=r"numpy.bitwise_or\(\) of uint64 and int64: "
                                                 "NumPy has no integer loop"):
        bad[1, 1](u, np.ones(1, np.int64), o)


def test_float16_nextafter_and_spacing_match_numpy(jit):
    @jit
    def k(x, y, o, s):
        i = cuda.grid(1)
        if i < x.size:
            o[i] = np.nextafter(x[i], y[i])
            s[i] = np.spacing(x[i])

    vals = np.array([0.0, -0.0, 1.0, -1.0, -1.5, 65504.0, -65504.0, 6e-8, -6e-8, np.inf,
                     -np.inf, np.nan, 0.5], np.float16)
    x, y = np.repeat(vals, vals.size), np.tile(vals, vals.size)
    o, s = np.zeros_like(x), np.zeros_like(x)
    k[(x.size + 63) // 64, 64](x, y, o, s)
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(o, np.nextafter(x, y))
        np.testing.assert_array_equal(s, np.spacing(x))   # numpy's float16 quirk below 0 too


def test_two_result_ufuncs_say_what_they_take(jit):
    @jit
    def k(a, q, r):
        np.divmod(a, 3.0, q, r)

    a = np.zeros(2)
    with pytest.raises(pyjit.CompileError, match=r"np.divmod\(\) takes two numbers in kernels"):
        k[1, 1](a, a, a)


def _numba_int_power(a, b, ftype):
    """numba's int_power (numba/cpython/numbers.py), which numba-cuda's float
    ** int results follow bit for bit (measured on the H200): squaring, 1 / r
    for a negative exponent (in float64), math.pow past 2**16."""
    r, a = ftype(1), ftype(a)
    e = -b if b < 0 else b
    if e > 0x10000:
        with np.errstate(over="ignore"):  # C's pow: inf where Python's raises
            return ftype(np.power(np.float64(a), np.float64(b)))
    while e:
        if e & 1:
            r = ftype(r * a)
        e >>= 1
        a = ftype(a * a)
    if b < 0:
        return ftype(np.inf) if r == 0 else ftype(1.0 / float(r))  # IEEE's 1 / 0
    return r


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_float_to_an_integer_power_squares_as_numba(jit, dtype):
    @jit
    def k(x, n, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = x[i] ** n[i]

    rng = np.random.default_rng(0)
    x = (1 + rng.random(512) * 1e-3).astype(dtype)
    n = rng.integers(-3000, 3000, 512)
    n[:6] = [0, 1, -1, 2**16 + 1, -(2**16 + 1), 2**63 - 1]
    x[6], n[6] = 0.0, -3  # 1 / 0: inf
    out = np.zeros(512, dtype)
    k[2, 256](x, n, out)
    expected = np.array([_numba_int_power(a, int(b), dtype) for a, b in zip(x, n)], dtype)
    np.testing.assert_array_equal(out, expected)


def test_np_fmod_of_integers_is_c_remainder_in_the_integer_type(jit):
    # NumPy's fmod has integer loops: the dividend's sign, 0 for a zero
    # divisor, exact past 2**53 (pyjit once computed it in float64:
    # np.fmod(2**62 + 1, 2) was 0). Bools take the int8 loop.
    @jit
    def k(x, y, out):
        for i in range(x.size):
            out[i] = np.fmod(x[i], y[i])

    import itertools
    for dt in (np.int8, np.int64, np.uint8, np.uint64, np.bool_):
        if dt == np.bool_:
            vals = [False, True]
        else:
            info = np.iinfo(dt)
            vals = [0, 1, 3, 7, info.max] + ([-1, -7, -3, info.min] if info.min < 0 else [])
        pairs = list(itertools.product(vals, vals))
        x = np.array([p[0] for p in pairs], dt)
        y = np.array([p[1] for p in pairs], dt)
        with np.errstate(all="ignore"):
            want = np.fmod(x, y)
        out = np.zeros(x.size, want.dtype)
        k[1, 1](x, y, out)
        np.testing.assert_array_equal(out, want, err_msg=dt.__name__)
    big = np.array([2**62 + 1, -(2**62) - 1], np.int64)
    out = np.zeros(2, np.int64)
    k[1, 1](big, np.array([2, 2], np.int64), out)
    np.testing.assert_array_equal(out, [1, -1])


def test_numpy_functions_never_raise_zero_division_under_debug(jit):
    # numba's ufunc loops and np.mean follow NumPy's error model even with
    # debug=True (only Python's operators raise ZeroDivisionError there):
    # np.divide(1.0, 0.0) is inf, np.remainder(1.0, 0.0) NaN, the mean of
    # nothing NaN.
    @jit(debug=True, opt=False)
    def k(x, y, out):
        out[0] = np.divide(x[0], y[0])
        out[1] = np.floor_divide(x[0], y[0])
        out[2] = np.remainder(x[0], y[0])
        out[3] = np.power(y[0], -1.0)
        q, r = np.divmod(x[0], y[0])
        out[4] = q
        out[5] = r
        out[6] = np.fmod(x[0], y[0])
        out[7] = np.reciprocal(y[0] + 0j).real
        out[8] = np.nanmean(x[1:])
        out[9] = x[:0].mean()

    x = np.array([7.0, np.nan, np.nan])
    y = np.array([0.0])
    out = np.zeros(10)
    with np.errstate(all="ignore"):
        want = [np.divide(7.0, 0.0), np.floor_divide(7.0, 0.0), np.remainder(7.0, 0.0),
                np.power(0.0, -1.0), *np.divmod(7.0, 0.0), np.fmod(7.0, 0.0),
                np.reciprocal(0j).real, np.nan, np.nan]
    k[1, 1](x, y, out)
    np.testing.assert_array_equal(out, want)

    @jit(debug=True, opt=False)
    def operator(x, y, out):
        out[0] = x[0] / y[0]  # Python's operator still raises

    with pytest.raises(ZeroDivisionError, match="float division by zero"):
        operator[1, 1](x, y, out)


def test_math_and_numpy_functions_imported_by_name(jit):
    # `from math import exp2` names math.exp2 (numba-cuda's test_fastmath
    # aliases it, `op = math.exp2`); `from numpy import gcd, fmod` names
    # the NumPy functions, typed as np.gcd and np.fmod are.
    from math import cbrt, exp2, frexp as mfrexp, modf as mmodf, nextafter as mnextafter
    from numpy import divmod as npdivmod, fmod, frexp, gcd, modf, nextafter, signbit

    @jit
    def k(out, i):
        out[0] = exp2(3.0) + cbrt(27.0)
        out[1] = mmodf(1.25)[0] + mfrexp(4.0)[1]
        out[2] = (mnextafter(1.0, 2.0) - 1.0) * 2.0 ** 52
        out[3] = gcd(i[0], 4)
        out[4] = nextafter(np.float32(1.0), np.float32(2.0)) - np.float32(1.0)
        out[5] = modf(2.5)[0] + frexp(8.0)[1]
        out[6] = npdivmod(7, i[0])[1]
        out[7] = fmod(-7, i[0])
        out[8] = signbit(-0.0)

    out = np.zeros(9)
    k[1, 1](out, np.array([6]))
    want = [8.0 + 3.0, 0.25 + 3, 1.0, 2, np.float32(2.0) ** -23, 0.5 + 4, 1, -1, 1]
    np.testing.assert_array_equal(out, want)


def test_np_finfo_and_iinfo_are_numpys_constants(jit):
    # numba-cuda compiles np.finfo(dtype).<attr> and np.iinfo(dtype).<attr>
    # (a dtype, or a value or array of one; also held in a variable).
    names = ["eps", "epsneg", "max", "min", "tiny", "smallest_normal", "resolution",
             "precision", "iexp", "nexp", "nmant", "machep", "negep", "maxexp", "minexp", "bits"]

    @jit
    def k(a16, a32, out):
        f16 = np.finfo(a16)
        f32 = np.finfo(a32.dtype)
        x = a32[0]
        out[0, 0] = f16.eps
        out[0, 1] = f32.eps
        out[0, 2] = np.finfo(np.float64).eps
        out[1, 0] = f16.epsneg
        out[1, 1] = np.finfo(x).epsneg
        out[1, 2] = np.finfo(np.float64).epsneg
        out[2, 0] = f16.max
        out[2, 1] = f32.max
        out[2, 2] = np.finfo(np.float64).max
        out[3, 0] = f16.min
        out[3, 1] = f32.min
        out[3, 2] = np.finfo(np.float64).min
        out[4, 0] = f16.tiny
        out[4, 1] = f32.tiny
        out[4, 2] = np.finfo(np.float64).tiny
        out[5, 0] = f16.smallest_normal
        out[5, 1] = f32.smallest_normal
        out[5, 2] = np.finfo(np.float64).smallest_normal
        out[6, 0] = f16.resolution
        out[6, 1] = f32.resolution
        out[6, 2] = np.finfo(np.float64).resolution
        out[7, 0] = f16.precision
        out[7, 1] = f32.precision
        out[7, 2] = np.finfo(np.float64).precision
        out[8, 0] = f16.iexp
        out[8, 1] = f32.iexp
        out[8, 2] = np.finfo(np.float64).iexp
        out[9, 0] = f16.nexp
        out[9, 1] = f32.nexp
        out[9, 2] = np.finfo(np.float64).nexp
        out[10, 0] = f16.nmant
        out[10, 1] = f32.nmant
        out[10, 2] = np.finfo(np.float64).nmant
        out[11, 0] = f16.machep
        out[11, 1] = f32.machep
        out[11, 2] = np.finfo(np.float64).machep
        out[12, 0] = f16.negep
        out[12, 1] = f32.negep
        out[12, 2] = np.finfo(np.float64).negep
        out[13, 0] = f16.maxexp
        out[13, 1] = f32.maxexp
        out[13, 2] = np.finfo(np.float64).maxexp
        out[14, 0] = f16.minexp
        out[14, 1] = f32.minexp
        out[14, 2] = np.finfo(np.float64).minexp
        out[15, 0] = f16.bits
        out[15, 1] = f32.bits
        out[15, 2] = np.finfo(np.float64).bits

    out = np.zeros((len(names), 3))
    k[1, 1](np.zeros(1, np.float16), np.zeros(1, np.float32), out)
    want = [[float(getattr(np.finfo(t), n)) for t in (np.float16, np.float32, np.float64)]
            for n in names]
    np.testing.assert_array_equal(out, want)

    @jit
    def ints(o64, u64):
        o64[0] = np.iinfo(np.int8).min
        o64[1] = np.iinfo(np.int64).min
        o64[2] = np.iinfo(np.int64).max
        o64[3] = np.iinfo(np.uint32).max
        o64[4] = np.iinfo(np.int16).bits
        u64[0] = np.iinfo(np.uint64).max

    o64 = np.zeros(5, np.int64)
    u64 = np.zeros(1, np.uint64)
    ints[1, 1](o64, u64)
    assert o64.tolist() == [-128, -2**63, 2**63 - 1, 2**32 - 1, 16]
    assert int(u64[0]) == 2**64 - 1

    @jit
    def not_a_float(out):
        out[0] = np.finfo(np.int32).eps

    with pytest.raises(pyjit.CompileError, match=r"finfo\(\) takes a float16, float32 or "
                                                 r"float64 dtype"):
        not_a_float[1, 1](np.zeros(1))


def test_numpy_clip_sinc_round_angle_nan_to_num_of_numbers_match_numpy(jit):
    # NumPy's scalar results (numba-cuda's np.round/np.angle/np.nan_to_num;
    # np.clip of numbers is NumPy's own, numba clips arrays only).
    @jit
    def k(x, f32, ints, z, out, o32, oi, oz):
        for i in range(x.size):
            out[0, i] = np.clip(x[i], -1.0, 2.5)
            out[1, i] = np.sinc(x[i])
            out[2, i] = np.round(x[i])
            out[3, i] = np.around(x[i], 2)
            out[4, i] = np.round(x[i], decimals=-1)
            out[5, i] = np.angle(x[i]) + np.angle(x[i], deg=True)
            out[6, i] = np.nan_to_num(x[i])
            out[7, i] = np.nan_to_num(x[i], nan=-7.0, posinf=9.0)
            out[8, i] = np.clip(x[i], 0.5, np.nan)
        for i in range(f32.size):
            o32[0, i] = np.round(f32[i], 1)
            o32[1, i] = np.sinc(f32[i])
            o32[2, i] = np.nan_to_num(f32[i])
        for i in range(ints.size):
            oi[0, i] = np.round(ints[i], -1)
            oi[1, i] = np.clip(ints[i], -3, 7)
        for i in range(z.size):
            oz[0, i] = np.angle(z[i])
            oz[1, i] = np.angle(z[i], True)
        np.clip(x, -1.0, 1.0, out[9])            # arrays, into an output array

    x = np.array([0.0, -0.0, 1.5, 2.5, -2.5, 0.125, 1.005, 1234.5678, -15.0, np.nan, np.inf,
                  -np.inf, 1e-30, 3.0])
    f32 = np.array([0.25, 0.35, 1.45, -2.55, np.nan, np.inf, 0.0], np.float32)
    ints = np.array([-15, -5, 5, 15, 25, 1234, -9999, 0], np.int64)
    z = np.array([1 + 1j, -1 + 0j, complex(-1, -0.0), 0j, complex(np.nan, 1), -2j])
    out, oz = np.zeros((10, x.size)), np.zeros((2, z.size))
    o32, oi = np.zeros((3, f32.size), np.float32), np.zeros((2, ints.size), np.int64)
    k[1, 1](x, f32, ints, z, out, o32, oi, oz)
    with np.errstate(all="ignore"):
        expect = [np.clip(x, -1.0, 2.5), np.sinc(x), np.round(x), np.around(x, 2),
                  np.round(x, decimals=-1), np.angle(x) + np.angle(x, deg=True),
                  np.nan_to_num(x), np.nan_to_num(x, nan=-7.0, posinf=9.0),
                  np.clip(x, 0.5, np.nan), np.clip(x, -1.0, 1.0)]
        expect32 = [np.round(f32, 1), np.sinc(f32), np.nan_to_num(f32)]
    np.testing.assert_array_equal(out, expect)
    np.testing.assert_array_equal(o32[[0, 2]], [expect32[0], expect32[2]])
    # float32 sin on the GPU is libdevice's __nv_sinf: within 2 ulp (CUDA C++
    # Programming Guide, "Mathematical Functions", single precision), then a
    # correctly rounded division (seen: 1 ulp from NumPy's at 0.25 on an H200).
    np.testing.assert_allclose(o32[1], expect32[1], rtol=4e-7, atol=0, equal_nan=True)
    np.testing.assert_array_equal(oi, [np.round(ints, -1), np.clip(ints, -3, 7)])
    np.testing.assert_array_equal(oz, [np.angle(z), np.angle(z, True)])


def test_numpy_euler_gamma_is_a_constant(jit):
    @jit
    def k(out):
        out[0] = np.euler_gamma

    out = np.zeros(1)
    k[1, 1](out)
    assert out[0] == np.euler_gamma


def test_clip_with_a_none_bound_sinc_of_small_types_and_isclose_of_equal_numbers(jit):
    # Found by an attack on these functions: a None bound crashed the
    # compiler; float16 sinc(0) was NaN; int8 sinc was computed in float32;
    # equal numbers are close whatever the tolerances (NumPy's `| (x == y)`).
    @jit
    def k(x, h, i8, out, oh):
        for i in range(x.size):
            out[0, i] = np.clip(x[i], None, 1.0)
            out[1, i] = np.clip(x[i], 0.5, None)
            out[2, i] = np.sinc(i8[i])
            out[3, i] = np.isclose(x[i], x[i], rtol=0.0, atol=-1.0)
        for i in range(h.size):
            oh[i] = np.sinc(h[i])

    x = np.array([-2.0, 0.0, 0.75, 3.0, np.inf])
    h = np.array([0.0, -0.0, 1e-7, 0.5], np.float16)
    i8 = np.array([0, 1, -2, 3, 0], np.int8)
    out, oh = np.zeros((4, x.size)), np.zeros(h.size, np.float16)
    k[1, 1](x, h, i8, out, oh)
    np.testing.assert_array_equal(out, [np.clip(x, None, 1.0), np.clip(x, 0.5, None), np.sinc(i8),
                                        np.isclose(x, x, rtol=0.0, atol=-1.0)])
    np.testing.assert_array_equal(oh, np.sinc(h))


def test_clip_keywords_method_and_numpys_clip_loop(jit):
    # np.clip(a, a_min=, a_max=, out=), NumPy 2's min=/max=, and a.clip(min,
    # max, out) as NumPy takes them. Two bounds: NumPy's clip loop, a tie
    # keeping x (NumPy's result for scalar bounds); one bound: np.maximum or
    # np.minimum, as NumPy's clip() calls them.
    @jit
    def k(x, lo, hi, out, o1, o2, o3, o4):
        for i in range(x.size):
            out[0, i] = np.clip(x[i], a_min=lo[i], a_max=hi[i])
            out[1, i] = np.clip(x[i], max=hi[i])
            out[2, i] = np.clip(x[i], min=lo[i])
            out[3, i] = np.clip(a_min=lo[i], a=x[i], a_max=hi[i])
        x.clip(-1.0, 1.0, o1)
        x.clip(max=0.5, out=o2)
        np.clip(x, a_min=lo, a_max=hi, out=o3)
        np.clip(x, None, 0.0, o4)

    x = np.array([-0.0, 0.0, -2.0, 0.5, 3.0, np.nan, np.inf, -np.inf, 1.0])
    lo = np.array([0.0, -0.0, -1.0, 1.0, np.nan, 0.0, 2.0, -3.0, 2.0])
    hi = np.array([0.0, -0.0, 1.0, 2.0, 4.0, 1.0, np.nan, 3.0, 0.0])  # (lo > hi last: hi)
    out = np.zeros((4, x.size))
    o1, o2, o3, o4 = (np.zeros(x.size) for _ in range(4))
    k[1, 1](x, lo, hi, out, o1, o2, o3, o4)
    f = np.float64
    scalar = [[np.clip(f(a), f(b), f(c)) for a, b, c in zip(x, lo, hi)],
              [np.clip(f(a), None, f(c)) for a, c in zip(x, hi)],
              [np.clip(f(a), f(b), None) for a, b in zip(x, lo)],
              [np.clip(f(a), f(b), f(c)) for a, b, c in zip(x, lo, hi)]]
    for g, e in zip([*out, o1, o2, o4], scalar + [x.clip(-1.0, 1.0), x.clip(max=0.5),
                                                 np.clip(x, None, 0.0)]):
        np.testing.assert_array_equal(g, e)
        np.testing.assert_array_equal(np.signbit(g), np.signbit(e))  # (-0.0 against 0.0)
    # Array bounds: NumPy's loop then gives the bound on a 0.0/-0.0 tie; the
    # values are equal.
    np.testing.assert_array_equal(o3, np.clip(x, lo, hi))
    assert np.signbit(out[0, 0]) and not np.signbit(out[0, 1])  # a tie keeps x (hand)


def test_isclose_is_numpy_2s_for_infinities_and_infinite_tolerances(jit):
    # NumPy 2: |a - b| <= atol + rtol * |b| where b is finite, or a == b.
    @jit
    def k(a, b, rtol, atol, out):
        for i in range(a.size):
            out[i] = np.isclose(a[i], b[i], rtol=rtol[i], atol=atol[i])

    inf = np.inf
    a = np.array([inf, -inf, 1.0, inf, inf, np.nan, 2.0])
    b = np.array([1.0, 5.0, inf, inf, -inf, np.nan, 2.0])
    rtol = np.array([inf, 0.0, inf, 0.0, inf, inf, 0.0])
    atol = np.array([0.0, inf, inf, 0.0, inf, inf, -1.0])
    out = np.zeros(a.size, bool)
    k[1, 1](a, b, rtol, atol, out)
    with np.errstate(invalid="ignore"):
        expect = [np.isclose(*row) for row in zip(a, b, rtol, atol)]
    assert out.tolist() == expect == [True, True, False, True, False, False, True]


def test_float16_maximum_and_minimum_keep_the_first_on_a_zero_tie(jit):
    # NumPy's float16 loops (`npy_half_ge(a, b) ? a : b`) give a on a tie of
    # 0.0 and -0.0; so does np.clip with one float16 bound (np.maximum).
    @jit
    def k(a, b, out):
        for i in range(a.size):
            out[0, i] = np.maximum(a[i], b[i])
            out[1, i] = np.minimum(a[i], b[i])
            out[2, i] = np.clip(a[i], b[i], None)

    h = np.float16
    a, b = np.array([0.0, -0.0], h), np.array([-0.0, 0.0], h)
    out = np.zeros((3, 2), h)
    k[1, 1](a, b, out)
    expect = [[np.maximum(x, y) for x, y in zip(a, b)], [np.minimum(x, y) for x, y in zip(a, b)],
              [np.clip(x, y, None) for x, y in zip(a, b)]]
    assert np.signbit(out).tolist() == np.signbit(np.array(expect, h)).tolist() == [[False, True]] * 3


def test_clip_keyword_rules_are_numpy_2s(jit):
    # a_min and a_max together, or min= and max= instead; None and None
    # clips nothing.
    @jit
    def k(x, out):
        out[0] = np.clip(x[0], None, None)
        out[1] = np.clip(x[0], min=1.0, max=3.0)
        out[2] = np.clip(x[1], max=3.0)

    out = np.zeros(3)
    k[1, 1](np.array([5.0, 4.0]), out)
    assert out.tolist() == [5.0, 3.0, 3.0]

    @jit
    def missing(x, out):
        out[0] = np.clip(x[0], 1.0, out=out)

    with pytest.raises(pyjit.CompileError, match=r"np.clip\(\) missing the argument 'a_max'"):
        missing[1, 1](np.zeros(1), np.zeros(1))

    @jit
    def both(x, out):
        out[0] = np.clip(x[0], 0.0, 1.0, min=2.0)

    with pytest.raises(pyjit.CompileError, match=r"takes min= and max= only without a_min"):
        both[1, 1](np.zeros(1), np.zeros(1))


def test_clip_sinc_isclose_of_complex_numbers_match_numpy(jit):
    # NumPy orders complex numbers by real part, then imaginary (clip);
    # sinc(z) = sin(pi z) / (pi z), 1 at 0; isclose by |x - y| with y finite.
    @jit
    def k(z, w, lo, hi, clipped, sinc, close, close_nan):
        for i in range(z.size):
            clipped[i] = np.clip(z[i], lo[i], hi[i])
            sinc[i] = np.sinc(z[i])
            close[i] = np.isclose(z[i], w[i])
            close_nan[i] = np.isclose(z[i], w[i], rtol=0.1, atol=0.0, equal_nan=True)

    vals = [0.0, 1.0, -1.0, 2.5, np.inf, np.nan]
    z = np.array([complex(r, i) for r in vals for i in vals])
    rng = np.random.default_rng(0)
    w = z[rng.permutation(z.size)]
    w[::4] = z[::4]
    with np.errstate(invalid="ignore"):
        w[1::4] = z[1::4] * (1 + 1e-7)
    lo, hi = z[rng.permutation(z.size)], z[rng.permutation(z.size)]
    for dt in (np.complex128, np.complex64):
        args = [a.astype(dt) for a in (z, w, lo, hi)]
        clipped, sinc = np.zeros(z.size, dt), np.zeros(z.size, dt)
        close, close_nan = np.zeros(z.size, bool), np.zeros(z.size, bool)
        k[1, 1](*args, clipped, sinc, close, close_nan)
        with np.errstate(all="ignore"):
            np.testing.assert_array_equal(clipped, np.clip(args[0], args[2], args[3]))
            np.testing.assert_allclose(sinc, np.sinc(args[0]), rtol=1e-5 if dt == np.complex64
                                       else 1e-13, equal_nan=True)
            np.testing.assert_array_equal(close, np.isclose(args[0], args[1]))
            np.testing.assert_array_equal(close_nan, np.isclose(args[0], args[1], rtol=0.1,
                                                                atol=0.0, equal_nan=True))
    assert sinc[0] == 1  # (z[0] = 0: hand)


def test_clip_keyword_errors_name_the_parameter(jit):
    @jit
    def unknown(x, out):
        out[0] = np.clip(x[0], 0.0, a_top=1.0)

    with pytest.raises(pyjit.CompileError, match=r"np.clip\(\) got an unexpected or repeated "
                                                 r"keyword 'a_top'"):
        unknown[1, 1](np.zeros(1), np.zeros(1))

    @jit
    def repeated(x, out):
        x.clip(0.0, 1.0, out, max=2.0)

    with pytest.raises(pyjit.CompileError, match=r"a.clip\(\) got an unexpected or repeated "
                                                 r"keyword 'max'"):
        repeated[1, 1](np.zeros(1), np.zeros(1))

    @jit
    def no_out(x, out):
        y = x.clip(0.0, 1.0)

    with pytest.raises(pyjit.CompileError, match=r"output array"):
        no_out[1, 1](np.zeros(1), np.zeros(1))


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.uint16, np.bool_])
def test_numpy_math_of_small_integers_computes_in_float32(jit, dtype):
    # numba-cuda's CUDA ufunc loops are 'f->f' and 'd->d' (no float16 loop
    # for these): an integer or bool of at most 16 bits casts safely to
    # float32 first, so np.sin(int8) is float32, as numba-cuda types it;
    # math.sin of the same value stays float64 (Python's math).
    @jit
    def k(x, o):
        o[0] = np.sin(x[0])
        o[1] = np.arctan2(x[0], x[1])
        o[2] = np.sqrt(x[0])
        o[3] = math.sin(x[0])
        o[4] = np.arctan2(x[0], 1)          # a Python int is int64: float64

    x = np.array([1, 1], dtype)
    o = np.zeros(5)
    k[1, 1](x, o)
    # float32 results (within float32's rounding of the exact values), not
    # float64 ones
    for got, exact in ((o[0], math.sin(1.0)), (o[1], math.atan2(1.0, 1.0))):
        assert got == float(np.float32(got)) and got != exact
        assert abs(got - exact) <= 2 * np.spacing(np.float32(exact))
    assert o[2] == 1.0
    assert o[3] == math.sin(1.0) and o[4] == math.atan2(1.0, 1.0)


def test_binary_math_of_small_ints_is_float32_as_numba_resolves_it(jit):
    # numba-cuda's copysign/fmod/pow/ldexp/round(x, n) signatures are float32
    # then float64; bool, int8, uint8 and int16 convert to float32 safely, so
    # numba's overload resolution picks float32 (ldexp's exponent, even a
    # literal, decides nothing); uint16 and int32 take float64.
    @jit
    def k(out, b, n, u):
        out[0] = math.ldexp(b, 200)       # float32: overflows to inf
        out[1] = math.ldexp(b, n)
        out[2] = math.copysign(b, b) / np.float32(3)   # float32 / float32
        out[3] = round(b, 1) / np.float32(3)
        out[4] = math.copysign(u, u) / np.float32(3)   # float64
        out[5] = math.pow(np.float32(2), n)            # pow(float32, int32): float32

    out = np.zeros(6)
    k[1, 1](out, np.int8(1), np.int32(200), np.uint16(1))
    assert out[0] == np.inf and out[1] == np.inf
    third = float(np.float32(1) / np.float32(3))
    assert out[2] == third and out[3] == third
    assert out[4] == 1 / 3
    assert out[5] == np.inf  # 2**200 overflows float32


def test_math_log_with_a_base_says_numba_cuda_takes_one_argument(tmp_path):
    # numba-cuda types math.log of one argument only (checked with its
    # compile_ptx: "No implementation of function ... log"); Python takes a
    # base too, so the message says the limit is the kernels'.
    from kernel_files import compile_error
    error = compile_error(tmp_path, "log_base", "import math\n\ndef k(out):\n"
                          "    out[0] = math.log(out[0], 3.0)\n", (np.ones(1),),
                          r"math.log\(\) takes 1 argument, got 2 \(in kernels, as in numba-cuda; "
                          r"math.log\(x\) / math.log\(base\) is the logarithm to a base\)")
    assert "log_base.py:4:14" in str(error)
