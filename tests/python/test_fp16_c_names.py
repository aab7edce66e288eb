"""numba.cuda.fp16's functions by cuda_fp16.h's names (numba-cuda 0.30
exports them beside the short ones): arithmetic with rounding, saturation
and NaN variants, predicates, conversions with a rounding mode, bit
reinterpretations. Expected values come from NumPy's float16 (round to nearest
even) stepped by hand for the directed modes, and from CUDA's documented
semantics (cuda_fp16.h: _sat clamps to [0, 1], NaN to +0; hfma_relu clamps
a negative result to 0)."""
import math

import numpy as np
import pytest

from pyjit import cuda
from pyjit.cuda import fp16


def _directed(x, mode):
    """x (a Python number) rounded to float16 toward zero ('rz'), down ('rd')
    or up ('ru'), through NumPy's nearest value and its neighbour."""
    with np.errstate(over="ignore"):
        near = np.float16(x)
    if float(near) == x or math.isnan(x):
        return near
    up = float(near) > x   # nearest rounded up
    if mode == "rz":
        want_up = x < 0
    else:
        want_up = mode == "ru"
    if up == want_up:
        return near
    with np.errstate(over="ignore"):  # (past 65504 upward: inf)
        return np.nextafter(near, np.float16(np.inf if want_up else -np.inf), dtype=np.float16)


@pytest.mark.parametrize("x", [1.0009, -1.0009, 65519.0, 3.0e-8, -2.7, 0.1])
def test_float_to_half_in_each_rounding_mode(jit, x):
    @jit
    def k(f, o):
        x = f[0]
        o[0], o[1] = fp16.__float2half_rn(x), fp16.__float2half_rz(x)
        o[2], o[3] = fp16.__float2half_rd(x), fp16.__float2half_ru(x)
        o[4] = fp16.__float2half(x)

    f = np.array([x], np.float32)
    o = np.zeros(5, np.float16)
    k[1, 1](f, o)
    xf = float(f[0])
    expected = [np.float16(xf), _directed(xf, "rz"), _directed(xf, "rd"), _directed(xf, "ru"),
                np.float16(xf)]
    np.testing.assert_array_equal(o, np.array(expected, np.float16))


@pytest.mark.parametrize("v", [2049, -2049, 70000, 123456789, -7])
def test_integers_to_half_in_each_rounding_mode(jit, v):
    @jit
    def k(i, o):
        o[0] = fp16.__int2half_rn(i[0])
        o[1] = fp16.__int2half_rz(i[0])
        o[2] = fp16.__ll2half_rd(np.int64(i[0]))
        o[3] = fp16.__int2half_ru(i[0])

    o = np.zeros(4, np.float16)
    with np.errstate(over="ignore"):
        k[1, 1](np.array([v], np.int32), o)
        expected = [np.float16(v), _directed(v, "rz"), _directed(v, "rd"), _directed(v, "ru")]
    np.testing.assert_array_equal(o, np.array(expected, np.float16))


def test_half_to_integers_bits_and_floats(jit):
    @jit
    def k(h, i, f):
        i[0] = fp16.__half2int_rn(h[0])            # -2.5 -> -2 (to even)
        i[1] = fp16.__half2int_rd(h[0])            # -3
        i[2] = fp16.__half2int_ru(h[0])            # -2
        i[3] = fp16.__half2int_rz(h[0])            # -2
        i[4] = fp16.__half2char_rz(h[1])           # 300 saturates to 127
        i[5] = fp16.__half2uchar_rz(h[0])          # a negative saturates to 0
        i[6] = fp16.__half_as_short(h[2])          # 1.0's bits: 0x3C00
        i[7] = fp16.__half2ll_rn(h[3])             # NaN -> 0x8000000000000000 (64 bits)
        f[0] = fp16.__half2float(h[0])
        f[1] = fp16.__short_as_half(np.int16(0x4000))   # 2.0

    h = np.array([-2.5, 300.0, 1.0, np.nan], np.float16)
    i, f = np.zeros(8, np.int64), np.zeros(2, np.float32)
    k[1, 1](h, i, f)
    assert i.tolist() == [-2, -3, -2, -2, 127, 0, 0x3C00, -2 ** 63]
    assert f.tolist() == [-2.5, 2.0]


def test_arithmetic_variants_and_predicates(jit):
    @jit
    def k(a, o, b):
        o[0] = fp16.__hadd(a[0], a[1])             # 2.5 + 0.75
        o[1] = fp16.__hadd_sat(a[0], a[1])         # clamped to 1
        o[2] = fp16.__hsub_sat(a[1], a[0])         # negative: 0
        o[3] = fp16.__hmul_rn(a[0], a[1])          # 1.875
        o[4] = fp16.__hfma_relu(a[0], a[1], np.float16(-5))   # negative: 0
        o[5] = fp16.__hfma_sat(a[1], a[1], np.float16(0))     # 0.5625
        o[6] = fp16.__hmax_nan(a[0], a[2])         # NaN
        o[7] = fp16.__hmax(a[0], a[2])             # the other operand: 2.5
        o[8] = fp16.__hadd_sat(a[2], a[0])         # a NaN result: +0
        b[0] = fp16.__hisnan(a[2])
        b[1] = fp16.__hequ(a[0], a[2])             # unordered: True
        b[2] = fp16.__heq(a[0], a[2])
        b[3] = fp16.__hltu(a[1], a[0])
        b[4] = fp16.__hisinf(-a[3]) == -1

    a = np.array([2.5, 0.75, np.nan, np.inf], np.float16)
    o, b = np.zeros(9, np.float16), np.zeros(5, np.bool_)
    k[1, 1](a, o, b)
    np.testing.assert_array_equal(o, np.array([3.25, 1, 0, 1.875, 0, 0.5625, np.nan, 2.5, 0],
                                              np.float16))
    assert b.tolist() == [True, True, False, True, True]


def test_every_c_name_is_in_the_namespace():
    # numba-cuda 0.30.4's numba.cuda.fp16.__all__, less atomicAdd (pyjit's
    # cuda.atomic.add takes float16 arrays) and the __half type.
    for name in ["__hadd", "__hadd_rn", "__hadd_sat", "__hfma_relu", "__hmin_nan", "__hneu",
                 "__float2half_rz", "__ull2half_ru", "__half2ushort_rd", "__half_as_ushort",
                 "__ushort_as_half", "__double2half", "__half2uchar_rz"]:
        assert hasattr(fp16, name), name
