"""bfloat16 (numba-cuda's numba.cuda.bf16 and ml_dtypes' arrays): arithmetic,
comparisons, math, conversions with rounding modes and bit reinterpretations
in kernels; arrays and scalars of ml_dtypes' dtype as arguments. Expected
values by hand (the bfloat16 neighbours of a number from its binary
expansion, `_neighbours`) or from ml_dtypes' own round-to-nearest casts of
float32 values."""
import math

import numpy as np
import pytest

import pyjit
from pyjit import cuda, float32, float64, int16, int32, int64, uint16, uint32, uint64
from pyjit.cuda.bf16 import (
    bfloat16, bfloat16_as_int16, bfloat16_as_uint16, bfloat16_to_float32,
    bfloat16_to_int8_rz, bfloat16_to_int16_rd, bfloat16_to_int16_rn, bfloat16_to_int16_ru,
    bfloat16_to_int16_rz, bfloat16_to_uint32_rn, float32_to_bfloat16, float32_to_bfloat16_rd,
    float32_to_bfloat16_rn, float32_to_bfloat16_ru, float32_to_bfloat16_rz,
    float64_to_bfloat16, habs, hadd, hadd_rn, hadd_sat, hdiv, heq, hfma, hfma_relu, hfma_sat,
    hge, hgt, hisinf, hisnan, hle, hlt, hmax, hmax_nan, hmin, hmin_nan, hmul, hmul_rn,
    hmul_sat, hne, hneg, hsub, hsub_rn, hsub_sat, int16_as_bfloat16, int32_to_bfloat16_rd,
    int32_to_bfloat16_rn, int32_to_bfloat16_ru, int32_to_bfloat16_rz, int64_to_bfloat16_rd,
    int64_to_bfloat16_rn, int64_to_bfloat16_ru, int64_to_bfloat16_rz, uint16_as_bfloat16,
    uint64_to_bfloat16_ru)


def _bits(x):
    """The bfloat16 bits of a float that bfloat16 holds exactly (its float32
    bits' top half)."""
    b = int(np.array(x, np.float32).view(np.uint32))
    assert b & 0xFFFF == 0, "%r is not a bfloat16 value" % x
    return b >> 16


def bfloat16_from_bits(bits):
    """An ml_dtypes-free bfloat16 argument: the int16 of its bits, converted
    in the kernel (int16_as_bfloat16)."""
    return np.uint16(bits).view(np.int16)


def _neighbours(v):
    """The bfloat16 values just below and above the exact number `v` (an int
    or a float; the same twice when bfloat16 holds it): 8 significant bits."""
    if v == 0:
        return 0.0, 0.0
    # The spacing of bfloat16 at |v|; 2**-133 among subnormals (below 2**-126).
    step = max(2.0 ** (math.frexp(abs(v))[1] - 8), 2.0 ** -133)
    lo, hi = math.floor(v / step) * step, math.ceil(v / step) * step
    return math.copysign(lo, v), math.copysign(hi, v)  # -0.0 for a negative number


def _directed(v):
    """v rounded to bfloat16 toward zero, down and up (rz, rd, ru)."""
    lo, hi = _neighbours(v)
    return (lo if v >= 0 else hi), lo, hi


def test_arithmetic_intrinsics(jit):
    # numba-cuda's test_arithmetic_intrinsics_basic: exact in bfloat16.
    @jit
    def k(out):
        a = bfloat16(1.25)
        b = bfloat16(-2.5)
        out[0] = float32(habs(b))
        out[1] = float32(hadd(a, b))
        out[2] = float32(hsub(a, b))
        out[3] = float32(hmul(a, b))
        out[4] = float32(hdiv(b, a))
        out[5] = float32(hneg(a))
        out[6] = float32(hfma(a, b, b))
        out[7] = float32(hadd_rn(a, b))
        out[8] = float32(hsub_rn(a, b))
        out[9] = float32(hmul_rn(a, b))

    out = np.zeros(10, np.float32)
    k[1, 1](out)
    a, b = 1.25, -2.5
    np.testing.assert_array_equal(out, [abs(b), a + b, a - b, a * b, b / a, -a, a * b + b,
                                        a + b, a - b, a * b])


def test_saturating_relu_and_nan_intrinsics(jit):
    # cuda_bf16.h: _sat clamps to [0, 1] and flushes NaN to +0; hfma_relu
    # clamps a negative result to 0 and keeps NaN; hmax/hmin return the
    # other operand for a NaN, hmax_nan/hmin_nan give NaN.
    @jit
    def k(out):
        a = bfloat16(1.5)
        b = bfloat16(0.75)
        nan = bfloat16(float("nan"))
        two = bfloat16(2.0)
        out[0] = float32(hadd_sat(a, b))      # 2.25 -> 1
        out[1] = float32(hsub_sat(b, a))      # -0.75 -> 0
        out[2] = float32(hmul_sat(a, b))      # 1.125 -> 1
        out[3] = float32(hfma_sat(a, b, a))   # 2.625 -> 1
        out[4] = float32(hmul_sat(b, b))      # 0.5625 stays
        out[5] = float32(hadd_sat(nan, a))    # NaN -> 0
        out[6] = float32(hfma_relu(bfloat16(-1.5), two, bfloat16(0.0)))  # -3 -> 0
        out[7] = float32(hfma_relu(a, two, bfloat16(-1.0)))              # 2 stays
        out[8] = float32(hfma_relu(nan, two, a))                         # NaN stays
        out[9] = float32(hmax_nan(nan, two))
        out[10] = float32(hmin_nan(two, nan))
        out[11] = float32(hmax(nan, two))
        out[12] = float32(hmin(two, nan))
        out[13] = float32(hmax(a, two))
        out[14] = float32(hmin(a, two))
        out[15] = float32(hmax_nan(a, two))

    out = np.zeros(16, np.float32)
    k[1, 1](out)
    expected = [1, 0, 1, 1, 0.5625, 0, 0, 2, np.nan, np.nan, np.nan, 2, 2, 2, 1.5, 2]
    np.testing.assert_array_equal(out, np.array(expected, np.float32))
    assert not np.signbit(out[1]) and not np.signbit(out[5])  # +0, as CUDA's


@pytest.mark.parametrize("a, b", [(3.0, 3.0), (3.0, 4.0), (4.0, 3.0), (float("nan"), 1.0)])
def test_comparison_intrinsics(jit, a, b):
    # numba-cuda's test_comparison_intrinsics (float64 arguments converted);
    # a NaN compares false, hne included (ordered, as __hne).
    @jit
    def k(out, a, b):
        x = bfloat16(a)
        y = bfloat16(b)
        out[0] = heq(x, y)
        out[1] = hne(x, y)
        out[2] = hge(x, y)
        out[3] = hgt(x, y)
        out[4] = hle(x, y)
        out[5] = hlt(x, y)
        out[6] = x < y
        out[7] = x == y

    out = np.zeros(8, np.bool_)
    k[1, 1](out, a, b)
    nan = math.isnan(a)
    expected = [a == b, not nan and a != b, a >= b, a > b, a <= b, a < b, a < b, a == b]
    np.testing.assert_array_equal(out, expected)


def test_isnan_and_isinf(jit):
    @jit
    def k(flags, kinds):
        flags[0] = hisnan(bfloat16(float("nan")))
        flags[1] = hisnan(bfloat16(1.0))
        kinds[0] = hisinf(bfloat16(float("inf")))
        kinds[1] = hisinf(bfloat16(float("-inf")))
        kinds[2] = hisinf(bfloat16(3.0e38))  # finite: bfloat16 reaches 3.39e38
        kinds[3] = hisinf(bfloat16(4.0e38))  # past it: inf

    flags = np.zeros(2, np.bool_)
    kinds = np.zeros(4, np.int32)
    k[1, 1](flags, kinds)
    np.testing.assert_array_equal(flags, [True, False])
    np.testing.assert_array_equal(kinds, [1, -1, 0, 1])  # __hisinf: -1 for -inf


def test_bit_reinterpretations_round_trip(jit):
    # numba-cuda's test_bfloat16_as_bitcast: 0x3FC0 is 1.5.
    @jit
    def k(bits, i2, u2, f):
        i2[0] = bfloat16_as_int16(int16_as_bfloat16(bits))
        u2[0] = bfloat16_as_uint16(uint16_as_bfloat16(uint16(bits)))
        f[0] = bfloat16_to_float32(int16_as_bfloat16(bits))
        i2[1] = bfloat16_as_int16(bfloat16(-2.0))

    i2 = np.zeros(2, np.int16)
    u2 = np.zeros(1, np.uint16)
    f = np.zeros(1, np.float32)
    k[1, 1](np.int16(0x3FC0), i2, u2, f)
    assert i2[0] == 0x3FC0 and u2[0] == 0x3FC0 and f[0] == 1.5
    assert i2[1] == np.uint16(0xC000).view(np.int16)  # -2.0: sign, exponent 128


@pytest.mark.parametrize("value", [1.5, -1.5, 2.5, 0.75, 300.0])
def test_conversions_to_integers_by_mode(jit, value):
    @jit
    def k(x, i1, i2, u4):
        a = bfloat16(x)
        i1[0] = bfloat16_to_int8_rz(a)
        i2[0] = bfloat16_to_int16_rn(a)
        i2[1] = bfloat16_to_int16_rz(a)
        i2[2] = bfloat16_to_int16_rd(a)
        i2[3] = bfloat16_to_int16_ru(a)
        u4[0] = bfloat16_to_uint32_rn(a)

    i1 = np.zeros(1, np.int8)
    i2 = np.zeros(4, np.int16)
    u4 = np.zeros(1, np.uint32)
    k[1, 1](value, i1, i2, u4)
    # Python's round is to nearest even; int8 saturates (300 -> 127), an
    # unsigned result of a negative number is 0.
    assert i1[0] == max(-128, min(127, math.trunc(value)))
    np.testing.assert_array_equal(i2, [round(value), math.trunc(value), math.floor(value),
                                       math.ceil(value)])
    assert u4[0] == max(0, round(value))


def test_nan_to_a_64_bit_integer_is_the_sign_bit(jit):
    # cuda_bf16.h: NaN inputs of __bfloat162ll_* and __bfloat162ull_* return
    # 0x8000000000000000; the narrower conversions give 0.
    from pyjit.cuda import bf16

    @jit
    def k(x, i, u, s):
        a = bfloat16(x)
        i[0] = bf16.bfloat16_to_int64_rn(a)
        u[0] = bf16.bfloat162ull_rz(a)
        s[0] = bfloat16_to_int16_rn(a)

    i, u, s = np.zeros(1, np.int64), np.zeros(1, np.uint64), np.ones(1, np.int16)
    k[1, 1](np.nan, i, u, s)
    assert i[0] == -2 ** 63 and u[0] == 2 ** 63 and s[0] == 0


@pytest.mark.parametrize("v", [789, -789, 2**24 + 1, -(2**24 + 1), 2**24 + 2**16 + 1, 255,
                               -(2**31), 2**31 - 1])
def test_conversions_from_int32_by_mode(jit, v):
    # 789 = 197.25 * 4: rn 788, ru 792; 2**24 + 1 rounds in float32 already
    # (the conversion must not go through it); 2**24 + 2**16 + 1 lies just
    # above the tie between two bfloat16 values (rn goes up).
    @jit
    def k(v, out):
        out[0] = float32(int32_to_bfloat16_rn(v))
        out[1] = float32(int32_to_bfloat16_rz(v))
        out[2] = float32(int32_to_bfloat16_rd(v))
        out[3] = float32(int32_to_bfloat16_ru(v))
        out[4] = float32(bfloat16(v))  # a plain conversion rounds to nearest even

    out = np.zeros(5, np.float64)
    k[1, 1](np.int32(v), out)
    lo, hi = _neighbours(v)
    nearest = lo if v - lo < hi - v else hi if v - lo > hi - v else (
        lo if (_bits(lo) & 1) == 0 else hi)
    rz, rd, ru = _directed(v)
    np.testing.assert_array_equal(out, [nearest, rz, rd, ru, nearest])


def test_conversions_from_int64_and_uint64(jit):
    @jit
    def k(v, u, out):
        out[0] = float64(int64_to_bfloat16_rn(v))
        out[1] = float64(int64_to_bfloat16_rz(v))
        out[2] = float64(int64_to_bfloat16_rd(v))
        out[3] = float64(int64_to_bfloat16_ru(v))
        out[4] = float64(uint64_to_bfloat16_ru(u))
        out[5] = float64(bfloat16(v))  # a plain conversion: to nearest, once

    v = -(3 * 2**40 + 5)  # between -(3 * 2**40 + 2**34) and -3 * 2**40
    out = np.zeros(6, np.float64)
    k[1, 1](np.int64(v), np.uint64(2**63 + 1), out)
    rz, rd, ru = _directed(v)
    np.testing.assert_array_equal(out, [-3 * 2**40, rz, rd, ru, 2**63 + 2**56, -3 * 2**40])
    # 2**60 + 2**52 + 1 is just above a tie of bfloat16 (2**60 + 2**52), which
    # is what float64 rounds it to: to nearest it is 2**60 + 2**53, not 2**60.
    for v in (2**60 + 2**52 + 1, -(2**60 + 2**52 + 1), 2**60 + 2**52 - 1):
        k[1, 1](np.int64(v), np.uint64(1), out)
        lo, hi = _neighbours(v)
        small, large = (lo, hi) if v > 0 else (hi, lo)  # by magnitude
        nearest = large if abs(v) > 2**60 + 2**52 else small
        rz, rd, ru = _directed(v)
        np.testing.assert_array_equal(out[:4], [nearest, rz, rd, ru])
        assert out[5] == nearest


@pytest.mark.parametrize("x", [1.00390625, 1.0039, -1.0039, 3.0e-39, -7.0e-41,
                               float(np.finfo(np.float32).max), 65504.0])
def test_float32_to_bfloat16_by_mode(jit, x):
    # 1.00390625 is the tie between 1 and 1 + 2**-7; 3.0e-39 and -7.0e-41
    # are subnormal in bfloat16 (below 2**-126); float32's largest value
    # rounds to inf except toward zero (or down).
    @jit
    def k(x, out):
        out[0] = bfloat16_as_uint16(float32_to_bfloat16_rn(x))
        out[1] = bfloat16_as_uint16(float32_to_bfloat16_rz(x))
        out[2] = bfloat16_as_uint16(float32_to_bfloat16_rd(x))
        out[3] = bfloat16_as_uint16(float32_to_bfloat16_ru(x))
        out[4] = bfloat16_as_uint16(float32_to_bfloat16(x))

    out = np.zeros(5, np.uint16)
    k[1, 1](np.float32(x), out)
    exact = float(np.float32(x))
    lo, hi = _neighbours(exact)
    bits = lambda v: np.array(v, np.float32).view(np.uint32) >> 16  # noqa: E731
    nearest = lo if exact - lo < hi - exact else hi if exact - lo > hi - exact else (
        lo if _bits(lo) % 2 == 0 else hi)
    # Past bfloat16's largest finite value (2**128 - 2**120) is inf.
    nearest, hi = (math.inf if v == 2.0 ** 128 else v for v in (nearest, hi))
    rz, rd, ru = (lo if exact >= 0 else hi), lo, hi
    np.testing.assert_array_equal(out, [bits(nearest), bits(rz), bits(rd), bits(ru),
                                        bits(nearest)])


def test_int64_arrays_store_into_bfloat16_rounded_once(jit, bf16_dtype):
    # Each just above or below a tie of bfloat16 that float64 rounds it onto
    # (2**60 + 2**52 and neighbours), and the int64 and uint64 extremes.
    @jit
    def store(src, dst):
        i = cuda.grid(1)
        if i < src.size:
            dst[i] = src[i]

    values = [2**60 + 2**52 + 1, 2**60 + 2**52 - 1, -(2**60 + 2**52 + 1), 2**63 - 1, -2**63,
              3, 0]
    dst = np.zeros(len(values), bf16_dtype)
    store[1, 32](np.array(values, np.int64), dst)
    tie = 2**60 + 2**52
    expected = [2**60 + 2**53, 2**60, -(2**60 + 2**53), 2**63, -2**63, 3, 0]
    assert tie not in expected
    np.testing.assert_array_equal(dst.astype(np.float64), expected)
    udst = np.zeros(2, bf16_dtype)
    store[1, 32](np.array([2**64 - 1, 2**63 + 2**55 + 1], np.uint64), udst)
    np.testing.assert_array_equal(udst.astype(np.float64), [2**64, 2**63 + 2**56])


def test_float64_rounds_to_bfloat16_once(jit):
    # 1 + 2**-8 + 2**-30 lies above the tie between 1 and 1 + 2**-7: to
    # nearest it is 1 + 2**-7. Through float32 it would first become the tie
    # itself (1 + 2**-8), then 1 (to even).
    @jit
    def k(x, out):
        out[0] = float32(float64_to_bfloat16(x))
        out[1] = float32(bfloat16(x))

    out = np.zeros(2, np.float32)
    k[1, 1](1 + 2**-8 + 2**-30, out)
    np.testing.assert_array_equal(out, [1 + 2**-7, 1 + 2**-7])


def test_operators_and_promotion(jit):
    # numba-cuda's typing (measured with numba-cuda 0.30): bfloat16 with
    # bfloat16 stays bfloat16; with float16 or float32 it is float32, with an
    # int64 or a float64 float64. A Python number takes bfloat16's type.
    @jit
    def k(x, i, h, f, out, types):
        a = bfloat16(x)
        out[0] = a * 3 + i            # 1.5 * 3 + 7 = 11.5
        out[1] = a + h                # 1.5 + 0.1 (float16): exact in float32
        out[2] = -a / bfloat16(4)
        out[3] = a ** 2
        out[4] = abs(-a) + f
        out[5] = a + bfloat16(2**-8)  # 1.5 + 2**-8 rounds to 1.5 in bfloat16
        out[6] = a + i * 2**-10       # in float64: exact
        types[0] = bfloat16_as_int16(a * 3) # a * 3 is bfloat16: its bits

    out = np.zeros(7, np.float64)
    types = np.zeros(1, np.int16)
    k[1, 1](1.5, np.int64(7), np.float16(0.1), np.float32(0.25), out, types)
    np.testing.assert_array_equal(out, [11.5, 1.5 + float(np.float16(0.1)), -0.375, 2.25,
                                        1.75, 1.5, 1.5 + 7 * 2**-10])
    assert types[0] == _bits(4.5)


def test_math_functions_of_bfloat16(jit):
    # numba-cuda's test_math_bindings: within a bfloat16 rounding of the value
    # at bfloat16(3.14) = 3.140625.
    @jit
    def k(out):
        x = bfloat16(3.14)
        out[0] = math.sqrt(x)
        out[1] = math.sin(x)
        out[2] = math.log(x)
        out[3] = math.exp(x)
        out[4] = math.floor(x)
        out[5] = math.tanh(x)

    out = np.zeros(6, np.float64)
    k[1, 1](out)
    x = 3.140625
    expected = [math.sqrt(x), math.sin(x), math.log(x), math.exp(x), 3, math.tanh(x)]
    np.testing.assert_allclose(out, expected, rtol=2**-7)


def test_wrong_arity_is_a_compile_error():
    @cuda.jit(target="cpu")
    def k(out):
        out[0] = float32(hadd(bfloat16(1.0)))

    with pytest.raises(pyjit.CompileError, match=r"cuda\.bf16\.hadd\(\) takes 2 arguments, got 1"):
        k[1, 1](np.zeros(1, np.float32))


def test_is_bfloat16_supported():
    # The CPU backend computes in bfloat16; numba's rule for GPUs: 8.0 or later.
    dev = cuda.get_current_device()
    assert cuda.is_bfloat16_supported() == (dev.compute_capability >= (8, 0))
    assert str(pyjit.types.bfloat16) == "bfloat16" and bfloat16 is pyjit.types.bfloat16


# -- arrays and scalars of ml_dtypes' bfloat16 --------------------------------

@pytest.fixture
def bf16_dtype():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    return ml_dtypes.bfloat16


def test_cupy_interop_kernel_on_numpy_arrays(jit, bf16_dtype):
    # numba-cuda's test_cupy_bfloat16_kernel_interop, with NumPy arrays of
    # ml_dtypes' bfloat16 (copied to the device and back on a GPU).
    @jit
    def my_ker(arr_in, arr_in2, arr_out):
        tid = cuda.grid(1)
        if tid < arr_in.size:
            arr_out[tid] = 2 * arr_in[tid] + 4 * arr_in2[tid] + bf16_dtype(3.0)

    arr_h = np.asarray([1, 2, 3, 4, 5], dtype=bf16_dtype)
    arr_2 = np.arange(5)
    out = np.zeros(5, dtype=bf16_dtype)
    my_ker[1, 128](arr_h, arr_2, out)
    np.testing.assert_array_equal(out.astype(np.float32), [5, 11, 17, 23, 29])
    assert "array(bfloat16, 1d, C)" in str(my_ker.signatures[0])


def test_stores_round_to_nearest_even_as_ml_dtypes(jit, bf16_dtype):
    # float32 values (ties, subnormals, overflow, inf, NaN) stored into a
    # bfloat16 array: bit for bit ml_dtypes' astype.
    @jit
    def store(src, dst):
        i = cuda.grid(1)
        if i < src.size:
            dst[i] = src[i]

    rng = np.random.default_rng(7)
    special = np.array([1.00390625, 1.01171875, -1.00390625, 3.0e-39, 1e-45, 3.4e38, np.inf,
                        -np.inf, np.nan, 0.0, -0.0, 65504.0], np.float32)
    src = np.concatenate([special, rng.standard_normal(500).astype(np.float32) * 1e3])
    dst = np.zeros(src.size, bf16_dtype)
    store[(src.size + 127) // 128, 128](src, dst)
    expected = src.astype(bf16_dtype)
    np.testing.assert_array_equal(dst.view(np.uint16)[~np.isnan(src)],
                                  expected.view(np.uint16)[~np.isnan(src)])
    assert np.isnan(dst[np.isnan(src)].astype(np.float32)).all()


def test_device_arrays_scalars_and_eager_signatures(jit, bf16_dtype):
    @jit("void(bfloat16[:], bfloat16[:], bfloat16)")
    def axpy(x, y, a):
        i = cuda.grid(1)
        if i < x.size:
            y[i] = a * x[i] + y[i]

    x = np.linspace(-4, 4, 64).astype(bf16_dtype)
    y = np.ones(64, bf16_dtype)
    dx, dy = cuda.to_device(x), cuda.to_device(y)
    assert dx.dtype == np.dtype(bf16_dtype) and dy.shape == (64,)
    axpy[1, 64](dx, dy, bf16_dtype(0.5))
    # a * x is exact (x has 8 significant bits, a is a power of two); the sum
    # is rounded once, as ml_dtypes' bfloat16 addition does.
    expected = (x.astype(np.float32) * 0.5 + 1).astype(bf16_dtype)
    np.testing.assert_array_equal(dy.copy_to_host().view(np.uint16), expected.view(np.uint16))
    # A Python float for a bfloat16 parameter is rounded to nearest even.
    dy = cuda.to_device(np.zeros(64, bf16_dtype))
    axpy[1, 64](dx, dy, 1 + 2**-8 + 2**-30)
    np.testing.assert_array_equal(dy.copy_to_host().astype(np.float32),
                                  (x.astype(np.float64) * (1 + 2**-7)).astype(np.float32)
                                  .astype(bf16_dtype).astype(np.float32))


def test_typeof_and_bad_dtypes(bf16_dtype):
    assert str(pyjit.types.typeof(np.zeros(3, bf16_dtype))) == "array(bfloat16, 1d, C)"
    assert str(pyjit.types.typeof(bf16_dtype(1.0))) == "bfloat16"
    assert str(pyjit.types.from_dtype(np.dtype(bf16_dtype))) == "bfloat16"
    # Another 2-byte void dtype is not bfloat16.
    with pytest.raises(TypeError, match="not supported in kernels"):
        pyjit.types.from_dtype(np.dtype("V2"))


@pytest.mark.gpu
@pytest.mark.parametrize("library", ["cupy", "torch"])
def test_cupy_and_torch_bfloat16_arrays(library, bf16_dtype):
    # Both export '<V2' as the typestr; their dtype says bfloat16.
    lib = pytest.importorskip(library)

    @cuda.jit
    def twice_plus_one(x, y):
        i = cuda.grid(1)
        if i < x.size:
            y[i] = x[i] * 2 + bfloat16(1)

    host = np.linspace(-8, 8, 100).astype(bf16_dtype)
    if library == "cupy":
        x, y = lib.asarray(host), lib.zeros(100, dtype=bf16_dtype)
        result = lambda: lib.asnumpy(y)  # noqa: E731
    else:
        x = lib.tensor(host.view(np.int16).astype(np.int16), device="cuda").view(lib.bfloat16)
        y = lib.zeros(100, dtype=lib.bfloat16, device="cuda")
        result = lambda: y.view(lib.int16).cpu().numpy().view(bf16_dtype)  # noqa: E731
    expected = (host.astype(np.float32) * 2 + 1).astype(bf16_dtype)
    for _ in range(2):  # the Python path, then the C++ fast path
        y[:] = 0
        twice_plus_one[1, 128](x, y)
        cuda.synchronize()
        np.testing.assert_array_equal(result().view(np.uint16), expected.view(np.uint16))
    assert twice_plus_one._dispatch_entries() == 1
    # int16 arrays of the same size are another key: their own kernel.
    if library == "cupy":
        xi, yi = lib.arange(100, dtype=lib.int16), lib.zeros(100, dtype=lib.int16)
    else:
        xi, yi = lib.arange(100, dtype=lib.int16, device="cuda"), lib.zeros(
            100, dtype=lib.int16, device="cuda")
    for _ in range(2):
        twice_plus_one[1, 128](xi, yi)
        cuda.synchronize()
        np.testing.assert_array_equal((yi.get() if library == "cupy" else yi.cpu().numpy()),
                                      np.arange(100) * 2 + 1)
    assert twice_plus_one._dispatch_entries() == 2


def test_rn_functions_are_not_contracted_into_an_fma(jit):
    # cuda_bf16.h's _rn functions exist to stop mul+add becoming an fma:
    # a * a = 1 + 2**-6 + 2**-14 rounds to 1 + 2**-6, and minus that is 0; the
    # fma would keep 2**-14 (the GPU contracted it, attack23).
    @jit
    def k(abits, cbits, out):
        a = int16_as_bfloat16(abits)
        c = int16_as_bfloat16(cbits)
        out[0] = bfloat16_as_uint16(hadd_rn(hmul_rn(a, a), c))
        out[1] = bfloat16_as_uint16(hsub_rn(hmul_rn(a, a), -c))

    out = np.zeros(2, np.uint16)
    k[1, 1](bfloat16_from_bits(0x3F81), bfloat16_from_bits(_bits(-(1 + 2**-6))), out)
    np.testing.assert_array_equal(out, [0, 0])


def test_hfma_rounds_once(jit):
    # 1.5 * (1 + 2**-7) = 1 + 131 * 2**-8 is a tie between two bfloat16
    # values; minus 2**-70 the exact result lies just below it: 1 + 130 * 2**-8.
    # Rounded to float64 first it would be the tie itself, and to even above.
    @jit
    def k(out):
        out[0] = float32(hfma(bfloat16(1.5), bfloat16(1 + 2**-7), bfloat16(-(2.0**-70))))
        out[1] = float32(hfma(bfloat16(1.5), bfloat16(1 + 2**-7), bfloat16(2.0**-70)))
        out[2] = float32(hfma_relu(bfloat16(-1.5), bfloat16(1 + 2**-7), bfloat16(2.0**-70)))

    out = np.zeros(3, np.float32)
    k[1, 1](out)
    np.testing.assert_array_equal(out, [1 + 130 * 2**-8, 1 + 132 * 2**-8, 0])


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_floor_division_and_modulo_of_16_bit_floats(jit, dtype):
    # x // y is floor of the exact quotient, rounded once to the type; the
    # quotient rounded to 16 bits first was off (3 // -0.010498046875 gave
    # -284, not -286). Reference: Python's float // and % of the exact values.
    if dtype == "bfloat16":
        dt = pytest.importorskip("ml_dtypes").bfloat16
    else:
        dt = np.float16

    @jit
    def k(x, y, q, r):
        i = cuda.grid(1)
        if i < x.size:
            q[i] = x[i] // y[i]
            r[i] = x[i] % y[i]

    rng = np.random.default_rng(3)
    x = (rng.standard_normal(4000) * 40).astype(dt)
    y = (rng.standard_normal(4000) * np.exp(rng.uniform(-6, 2, 4000))).astype(dt)
    x[0], y[0] = 3.0, -0.010498046875
    y[y.astype(np.float64) == 0] = 1
    q, r = np.zeros_like(x), np.zeros_like(x)
    k[32, 128](x, y, q, r)
    xs, ys = x.astype(np.float64), y.astype(np.float64)
    with np.errstate(over="ignore"):  # quotients past float16's range are inf there too
        expect_q = np.array([a // b for a, b in zip(xs, ys)]).astype(np.float32).astype(dt)
    expect_r = np.array([a % b for a, b in zip(xs, ys)]).astype(np.float32).astype(dt)
    np.testing.assert_array_equal(q.astype(np.float64), expect_q.astype(np.float64))
    np.testing.assert_array_equal(r.astype(np.float64), expect_r.astype(np.float64))
    assert float(q[0]) == -286.0


def test_mapped_managed_and_pinned_bfloat16_arrays(jit, bf16_dtype):
    # Their numpy view came from an __array_interface__ typestr '<V2', which
    # dropped ml_dtypes' dtype: kernels refused them (attack23).
    @jit
    def fill(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = bfloat16(i) * bfloat16(0.5)

    for make in (cuda.mapped_array, cuda.managed_array, cuda.pinned_array):
        x = make(8, bf16_dtype)
        assert x.dtype == np.dtype(bf16_dtype), make.__name__
        fill[1, 8](x)
        cuda.synchronize()
        np.testing.assert_array_equal(x.astype(np.float32), np.arange(8) * 0.5)


def test_star_imports_of_bf16_and_fp16():
    # `from numba.cuda.bf16 import *` gave only bfloat16 (attack23).
    names = {}
    exec("from pyjit.cuda.bf16 import *\n", names)
    assert {"bfloat16", "hadd_sat", "int64_to_bfloat16_rz", "hisinf"} <= set(names)
    names = {}
    exec("from pyjit.cuda.fp16 import *\n", names)
    assert {"hadd", "hsin", "hfma"} <= set(names) and "bfloat16" not in names


@pytest.mark.parametrize("value", [2**60 + 2**52 + 1, -(2**60 + 2**52 + 1), 2**64 - 1, 2**63 + 1])
def test_a_python_int_for_a_bfloat16_parameter_rounds_once(jit, value):
    @jit("void(bfloat16, float64[:])")
    def k(x, out):
        out[0] = x

    out = np.zeros(1)
    k[1, 1](value, out)
    lo, hi = (int(v) for v in _neighbours(value))  # exact: integers
    assert 2 * value != lo + hi  # not a tie
    nearest = lo if abs(value - lo) < abs(hi - value) else hi
    assert out[0] == nearest


def test_cuda_bf16_h_spellings_unordered_comparisons_and_htanh(jit):
    # numba-cuda 0.30.4's bf16 module has cuda_bf16.h's names too
    # (float2bfloat16_rz, bfloat162int_rn, ll2bfloat16_ru, short_as_bfloat16,
    # ...), the unordered comparisons (true for a NaN operand) and htanh.
    from pyjit.cuda.bf16 import (bfloat162float, bfloat162int_rn, bfloat162uchar_rz,
                                 bfloat16_as_ushort, double2bfloat16, float2bfloat16_rz, hequ,
                                 hltu, hneu, htanh, htanh_approx, ll2bfloat16_ru,
                                 short_as_bfloat16)

    @jit
    def k(flags, f, i):
        nan = bfloat16(float("nan"))
        one, two = bfloat16(1), bfloat16(2)
        flags[0] = hequ(nan, one)
        flags[1] = hequ(one, one)
        flags[2] = hequ(one, two)
        flags[3] = hneu(one, one)
        flags[4] = hneu(nan, nan)
        flags[5] = hltu(two, one)
        f[0] = bfloat162float(float2bfloat16_rz(float32(1.0039)))  # 1 + 2**-8.2: down to 1
        f[1] = bfloat162float(htanh(bfloat16(0.5)))
        f[2] = bfloat162float(double2bfloat16(1 + 2**-8 + 2**-30))
        f[3] = bfloat162float(ll2bfloat16_ru(int64(789)))  # 197.25 * 4: up to 792
        f[4] = bfloat162float(htanh_approx(bfloat16(0.5)))
        i[0] = bfloat162int_rn(bfloat16(2.5))
        i[1] = bfloat16_as_ushort(short_as_bfloat16(int16(0x3FC0)))
        i[2] = bfloat162uchar_rz(bfloat16(300.0))  # saturates

    flags = np.zeros(6, np.bool_)
    f = np.zeros(5, np.float32)
    i = np.zeros(3, np.int64)
    k[1, 1](flags, f, i)
    np.testing.assert_array_equal(flags, [True, True, False, False, True, False])
    tanh_half = float(np.float32(math.tanh(0.5)))  # 0.4621..., to bfloat16: 0.462890625
    lo, hi = _neighbours(tanh_half)
    nearest = lo if tanh_half - lo < hi - tanh_half else hi
    np.testing.assert_array_equal(f, [1.0, nearest, 1 + 2**-7, 792.0, nearest])
    np.testing.assert_array_equal(i, [2, 0x3FC0, 255])


def test_math_of_16_bit_floats_keeps_the_type_as_numba_cuda(jit, bf16_dtype):
    # numba-cuda 0.30.4's fp16/bf16 overloads: math.sqrt/sin/floor/... of a
    # float16 or bfloat16 give that type (computed in float32, rounded once);
    # other functions (atan) float32, as before.
    @jit
    def k(b, h, out):
        out[0] = math.sqrt(b)
        out[1] = math.sqrt(h)
        out[2] = math.atan(b)
        out[3] = math.floor(b)

    out = np.zeros(4)
    k[1, 1](bf16_dtype(2.0), np.float16(2.0), out)
    # sqrt(2) = 1.41421356...: bfloat16's neighbours 1.4140625 and 1.421875;
    # float16's 1.4140625 and 1.4150390625.
    assert out[0] == 1.4140625 and out[1] == 1.4140625
    assert out[2] == float(np.float32(math.atan(2.0))) and out[3] == 2.0


def test_dlpack_and_cai_views_of_bfloat16_arrays_keep_the_dtype(bf16_dtype):
    # DLPack's kDLBfloat both ways; a __cuda_array_interface__ says '<V2'.
    host = np.arange(6).astype(bf16_dtype)
    dev = cuda.to_device(host)
    back = cuda.from_dlpack(dev)
    assert back.dtype == np.dtype(bf16_dtype)
    np.testing.assert_array_equal(back.copy_to_host().view(np.uint16), host.view(np.uint16))
    view = cuda.as_cuda_array(dev)
    assert view.dtype == np.dtype(bf16_dtype)

    class Foreign:  # another library's wrapper: typestr '<V2', its dtype bfloat16
        def __init__(self, arr):
            self.dtype = arr.dtype
            self.__cuda_array_interface__ = dict(arr.__cuda_array_interface__)

    view = cuda.as_cuda_array(Foreign(dev))
    assert view.__cuda_array_interface__["typestr"] == "<V2"
    assert view.dtype == np.dtype(bf16_dtype)
    np.testing.assert_array_equal(view.copy_to_host().view(np.uint16), host.view(np.uint16))


@pytest.mark.gpu
def test_torch_bfloat16_tensors_through_dlpack_and_cai(bf16_dtype):
    torch = pytest.importorskip("torch")
    t = torch.arange(6, device="cuda").to(torch.bfloat16) * 0.5
    for view in (cuda.from_dlpack(t), cuda.as_cuda_array(t)):
        assert view.dtype == np.dtype(bf16_dtype)
        np.testing.assert_array_equal(view.copy_to_host().astype(np.float32), np.arange(6) * 0.5)
