"""Python semantics inside kernels, on every backend (the `jit` fixture).

Each test launches a kernel on inputs and compares with values computed by
Python or numpy on the host, or derived by hand in the comment beside them.
"""
import math

import numpy as np
import pytest

import pyjit
from pyjit import cuda, float64, int32, int64

INT64_MIN = -2**63
INT64_MAX = 2**63 - 1


def floordiv_mod(a, b, q, r):
    i = cuda.grid(1)
    if i < a.size:
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]


def test_integer_floordiv_and_mod_are_floored(jit):
    k = jit(floordiv_mod)

    pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, -3), (6, -3), (-1, 5), (5, 1),
             (INT64_MIN, 3), (INT64_MAX, -7), (INT64_MIN, 1)]
    a = np.array([p[0] for p in pairs], dtype=np.int64)
    b = np.array([p[1] for p in pairs], dtype=np.int64)
    q = np.zeros_like(a)
    r = np.zeros_like(a)
    k[1, 32](a, b, q, r)
    assert q.tolist() == [x // y for x, y in pairs]  # Python's own floored division
    assert r.tolist() == [x % y for x, y in pairs]


def test_int64_min_floordiv_minus_one_wraps(jit):
    @jit
    def k(a, b, q, r):
        q[0] = a[0] // b[0]
        r[0] = a[0] % b[0]

    a = np.array([INT64_MIN], dtype=np.int64)
    b = np.array([-1], dtype=np.int64)
    q = np.zeros(1, dtype=np.int64)
    r = np.ones(1, dtype=np.int64)
    k[1, 1](a, b, q, r)
    # 2**63 does not fit: it wraps to INT64_MIN (numba's wrapping int64);
    # the remainder is exactly 0.
    assert q[0] == INT64_MIN
    assert r[0] == 0


def test_integer_division_by_zero_gives_zero(jit):
    @jit
    def k(a, b, q, r):
        q[0] = a[0] // b[0]
        r[0] = a[0] % b[0]

    q = np.full(1, 9, dtype=np.int64)
    r = np.full(1, 9, dtype=np.int64)
    k[1, 1](np.array([5], dtype=np.int64), np.array([0], dtype=np.int64), q, r)
    assert q[0] == 0 and r[0] == 0  # docs/language.md: a kernel cannot raise


def test_float_floordiv_and_mod_follow_python(jit):
    k = jit(floordiv_mod)

    pairs = [(7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0), (0.0, -3.0), (-0.0, 3.0),
             (1e300, 1e-300 * 3), (5.0, 0.5)]
    a = np.array([p[0] for p in pairs])
    b = np.array([p[1] for p in pairs])
    q = np.zeros_like(a)
    r = np.zeros_like(a)
    k[1, 32](a, b, q, r)
    np.testing.assert_array_equal(q[:6], [x // y for x, y in pairs[:6]])
    np.testing.assert_array_equal(r, [x % y for x, y in pairs])  # exact: fmod, then sign fix
    assert math.copysign(1.0, r[4]) == -1.0  # 0.0 % -3.0 is -0.0 in Python
    assert r[7] == 0.0 and q[7] == 10.0


def test_integer_power_is_exact_and_wraps(jit):
    @jit
    def k(base, exp, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = base[i] ** exp[i]

    cases = [(3, 5), (-2, 3), (-2, 4), (2, 62), (7, 0), (0, 0), (1, 1000), (-1, 1001), (2, 64),
             (3, 40)]
    base = np.array([c[0] for c in cases], dtype=np.int64)
    exp = np.array([c[1] for c in cases], dtype=np.int64)
    out = np.zeros(len(cases), dtype=np.int64)
    k[1, 32](base, exp, out)
    expected = [((b ** e + 2**63) % 2**64) - 2**63 for b, e in cases]  # wrapped to int64
    assert out.tolist() == expected


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.uint32, np.uint64])
def test_an_unsigned_exponent_with_its_top_bit_set_is_not_negative(jit, dtype):
    # NumPy's np.power(uint, uint) loop and `**` of two unsigned ints: the
    # exact power mod 2**bits (pow(b, e, 2**bits)); it was taken for a
    # negative exponent (0, or the signed minimum for base 0).
    @jit
    def k(b, e, o, w):
        o[0] = np.power(b[0], e[0])
        o[1] = np.power(b[1], e[1])
        w[0] = b[0] ** e[0]                  # the unsigned type's own loop for uint64
        w[1] = b[1] ** e[1]

    bits = np.iinfo(dtype).bits
    e = np.array([2 ** (bits - 1) + 1, 2 ** bits - 1], dtype)
    b = np.array([3, 0], dtype)
    o = np.zeros(2, dtype)
    w = np.zeros(2, np.uint64)
    k[1, 1](b, e, o, w)
    assert o.tolist() == [pow(3, int(e[0]), 2 ** bits), 0]
    assert o.tolist() == np.power(b, e).tolist()
    if dtype == np.uint64:                   # (narrower ones promote to int64 for `**`)
        assert w.tolist() == [pow(3, int(e[0]), 2 ** 64), 0]


def test_a_float_to_a_uint64_power_from_2_63_up_is_numpys(jit):
    # The exponent is no negative int64: NumPy's float loop (pow of its float
    # value) gives 0.0, 0.0 and inf here.
    @jit
    def k(x, e, out):
        out[0] = x[0] ** e[0]
        out[1] = np.power(x[1], e[1])
        out[2] = x[2] ** e[2]
        out[3] = x[3] ** e[3]                # a small uint64: repeated squaring

    x = np.array([0.5, 0.5, 1.5, 1.5])
    e = np.array([2 ** 63 + 1, 2 ** 64 - 1, 2 ** 63 + 1, 3], np.uint64)
    out = np.zeros(4)
    k[1, 1](x, e, out)
    assert out.tolist() == [0.0, 0.0, np.inf, 1.5 ** 3]


def test_int64_arithmetic_wraps(jit):
    @jit
    def k(a, out):
        out[0] = a[0] + 1
        out[1] = a[1] - 1
        out[2] = a[0] * 2
        out[3] = -a[1]

    a = np.array([INT64_MAX, INT64_MIN], dtype=np.int64)
    out = np.zeros(4, dtype=np.int64)
    k[1, 1](a, out)
    assert out.tolist() == [INT64_MIN, INT64_MAX, -2, INT64_MIN]


def test_operators_on_integer_literals_fold_exactly_as_cpython_does(jit):
    # CPython folds `2**63 - 1` to one constant before numba sees it, so an
    # intermediate beyond int64 is fine; the folded value is typed int64, or
    # uint64 from 2**63 up (numba's typing of an int constant).
    @jit
    def k(s, u):
        s[0] = 2**63 - 1
        s[1] = -2**63
        s[2] = 2**100 // 2**90
        s[3] = -(2**64) // 3
        s[4] = (1 << 70) >> 69
        s[5] = -7 // 2 + ~(2**64) + 2**64
        s[6] = 3**40 % 1000
        u[0] = 2**64 - 1
        u[1] = (1 << 64) >> 1
        u[2] = --9223372036854775808
        u[3] = 2**64 // 4 * 3

    s = np.zeros(7, dtype=np.int64)
    u = np.zeros(4, dtype=np.uint64)
    k[1, 1](s, u)
    assert s.tolist() == [2**63 - 1, -2**63, 1024, -(2**64) // 3, 2, -7 // 2 + ~(2**64) + 2**64,
                          3**40 % 1000]
    assert u.tolist() == [2**64 - 1, 2**63, 2**63, 2**64 // 4 * 3]


_BIG_GLOBAL = 2**63  # a uint64, as numba types it
_MAX_U64 = np.uint64(2 ** 64 - 1)


def test_literal_folding_with_floats_negative_powers_and_uint64_values(jit):
    # CPython folds `10**-6` to the float 1e-06 and `2**64 / 2` to a float;
    # a uint64 constant (2**63 and up) converts to float unsigned.
    import math

    @jit
    def k(out):
        out[0] = 10**-6
        eps = 10**-3
        out[1] = eps * 1000
        out[2] = (-2)**-2
        out[3] = 2**64 / 2
        out[4] = 2**64 * 1.0
        out[5] = 2**200 // 2**190
        out[6] = 7 / 2
        out[7] = 2**63 * 1.0
        out[8] = float(2**63)
        x = 2**63
        out[9] = x * 1.0
        out[10] = math.sqrt(2**64 - 1)
        out[11] = max(2**63, 0.5)
        out[12] = _BIG_GLOBAL * 1.0

    out = np.zeros(13)
    k[1, 1](out)
    assert out.tolist() == [1e-06, 1.0, 0.25, 2.0**63, 2.0**64, 1024.0, 3.5, 2.0**63, 2.0**63,
                            2.0**63, 2.0**32, 2.0**63, 2.0**63]


def test_a_uint64_global_in_arithmetic_whose_result_fits_int64_folds(jit):
    # uint64 with an int computes in int64 (numba's choose_result_int); the
    # result 2**63 - 1 fits, as the wrapping bits give it too: no overflow
    # error (the uint64 operand alone does not fit int64).
    @jit
    def k(o):
        o[0] = _BIG_GLOBAL - 1
        o[1] = np.uint64(2 ** 64 - 1) - _BIG_GLOBAL
        o[2] = -1 + _BIG_GLOBAL
        o[3] = _BIG_GLOBAL * 0
        o[4] = _MAX_U64 - 1                  # int64 on the bits: -2, as numba's
        o[5] = _BIG_GLOBAL + 1               # -2**63 + 1

    o = np.zeros(6, np.int64)
    k[1, 1](o)
    assert o.tolist() == [2 ** 63 - 1, 2 ** 63 - 1, 2 ** 63 - 1, 0, -2, -2 ** 63 + 1]


def test_a_folded_integer_literal_outside_64_bits_is_an_error(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "big", "def k(out):\n    out[0] = 2**64 + 1 - 1\n")
    with pytest.raises(pyjit.CompileError, match=r"big.py:2:14: error: this constant expression "
                                                 r"overflows int64 and uint64"):
        jit(m.k)[1, 1](np.zeros(1))


def test_nan_comparisons_are_false_except_ne(jit):
    @jit
    def k(x, out):
        v = x[0]
        out[0] = v < 1.0
        out[1] = v > 1.0
        out[2] = v == v
        out[3] = v != v
        out[4] = 0.0 <= v <= 2.0

    out = np.zeros(5, dtype=np.bool_)
    k[1, 1](np.array([np.nan]), out)
    assert out.tolist() == [False, False, False, True, False]


def test_atomic_max_min_and_nan_variants(jit):
    @jit
    def k(arr, vals, old):
        old[0] = cuda.atomic.max(arr, 0, vals[0])   # stored NaN stays
        old[1] = cuda.atomic.max(arr, 1, vals[1])   # NaN argument ignored
        old[2] = cuda.atomic.nanmax(arr, 2, vals[2])  # stored NaN replaced
        old[3] = cuda.atomic.nanmin(arr, 3, vals[3])  # NaN argument ignored
        old[4] = cuda.atomic.min(arr, 4, vals[4])

    nan = np.nan
    arr = np.array([nan, 1.0, nan, 2.0, 5.0])
    vals = np.array([3.0, nan, 4.0, nan, -1.0])
    old = np.zeros(5)
    k[1, 1](arr, vals, old)
    np.testing.assert_array_equal(old, [nan, 1.0, nan, 2.0, 5.0])  # each returns the old value
    np.testing.assert_array_equal(arr, [nan, 1.0, 4.0, 2.0, -1.0])


def test_atomic_nanmax_nanmin_keep_the_stored_zero_against_an_equal_one(jit):
    # numba-cuda's template replaces the stored value only where the new one
    # compares greater (nanmax) or less (nanmin), or the stored one is NaN:
    # -0.0 and +0.0 compare equal, so the stored sign stays.
    @jit
    def k(arr, f32):
        cuda.atomic.nanmax(arr, 0, 0.0)
        cuda.atomic.nanmin(arr, 1, -0.0)
        cuda.atomic.nanmin(arr, 2, -3.0)  # stored NaN replaced
        cuda.atomic.nanmax(f32, 0, np.float32(0.0))

    arr = np.array([-0.0, 0.0, np.nan])
    f32 = np.array([-0.0], np.float32)
    k[1, 1](arr, f32)
    assert list(np.signbit(arr[:2])) == [True, False] and arr[2] == -3.0
    assert np.signbit(f32[0])


def test_negative_indices_on_global_shared_and_local_arrays(jit):
    @jit
    def k(a, out):
        s = cuda.shared.array(8, int64)
        t = cuda.local.array(4, int64)
        for j in range(8):
            s[j] = 10 * j
        for j in range(4):
            t[j] = 100 * j
        out[0] = a[-1]
        out[1] = a[-a.size]
        out[2] = s[-1]
        out[3] = s[-8]
        out[4] = t[-2]
        n = -3
        out[5] = a[n]
        out[-1] = 42

    a = np.arange(5, dtype=np.int64) + 1
    out = np.zeros(7, dtype=np.int64)
    k[1, 1](a, out)
    assert out.tolist() == [5, 1, 70, 0, 200, 3, 42]


def test_negative_index_on_2d_array_and_tuple_index(jit):
    @jit
    def k(a, out):
        out[0] = a[-1, -1]
        out[1] = a[0, -2]
        idx = (-2, 1)
        out[2] = a[idx]

    a = np.arange(12, dtype=np.int64).reshape(3, 4)
    out = np.zeros(3, dtype=np.int64)
    k[1, 1](a, out)
    assert out.tolist() == [a[-1, -1], a[0, -2], a[-2, 1]]


def test_ranges_with_negative_and_empty_steps(jit):
    @jit
    def k(out):
        n = 0
        for i in range(10, 0, -3):
            out[n] = i
            n += 1
        for i in range(5, 5):
            out[n] = 99
            n += 1
        for i in range(0, -5, -2):
            out[n] = i
            n += 1
        for i in range(3, 0):
            out[n] = 99
            n += 1
        out[15] = n

    out = np.zeros(16, dtype=np.int64)
    k[1, 1](out)
    expected = list(range(10, 0, -3)) + list(range(0, -5, -2))
    assert out[:len(expected)].tolist() == expected
    assert out[15] == len(expected)


def test_nested_loops_with_break_and_continue(jit):
    def body(out):
        total = 0
        for i in range(6):
            if i == 4:
                break
            j = 0
            while True:
                j += 1
                if j % 2 == 0:
                    continue
                if j > 5:
                    break
                total += i * 10 + j
        out[0] = total

    expected = [0]
    body(expected)  # the same function run by the Python interpreter
    out = np.zeros(1, dtype=np.int64)
    jit(body)[1, 1](out)
    assert out[0] == expected[0]


def test_short_circuit_values_and_early_returns(jit):
    @cuda.jit(device=True)
    def first_positive(x, y):
        if x > 0:
            return x
        if y > 0:
            return y
        return -1

    @jit
    def k(a, out):
        i = cuda.grid(1)
        if i >= a.shape[0]:
            return
        out[i, 0] = a[i, 0] or a[i, 1]
        out[i, 1] = a[i, 0] and a[i, 1]
        out[i, 2] = first_positive(a[i, 0], a[i, 1])

    a = np.array([[0, 5], [3, 0], [2, 7], [0, 0], [-4, 0]], dtype=np.int64)
    out = np.zeros((5, 3), dtype=np.int64)
    k[1, 64](a, out)
    for row, (x, y) in enumerate(a.tolist()):
        assert out[row].tolist() == [x or y, x and y, x if x > 0 else (y if y > 0 else -1)]


def test_tuple_values_swap_and_return(jit):
    @cuda.jit(device=True)
    def divmod_(a, b):
        return a // b, a % b

    @jit
    def k(out):
        x, y = 1, 2
        x, y = y, x
        q, r = divmod_(-7, 2)
        t = (x, y, q, r)
        for j in range(4):
            out[j] = t[j]

    out = np.zeros(4, dtype=np.int64)
    k[1, 1](out)
    assert out.tolist() == [2, 1, -4, 1]


def test_float_to_int_conversion_truncates(jit):
    @jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = int(x[i])

    x = np.array([2.7, -2.7, 0.5, -0.5, 1e10])
    out = np.zeros(5, dtype=np.int64)
    k[1, 32](x, out)
    assert out.tolist() == [int(v) for v in x]


def test_int32_arrays_compute_in_int64_and_truncate_on_store(jit):
    @jit
    def k(a, b, out, wide):
        i = cuda.grid(1)
        if i < a.size:
            p = a[i] * b[i]
            out[i] = p
            wide[i] = p

    a = np.array([2**30, -3, 70000], dtype=np.int32)
    b = np.array([4, 5, 70000], dtype=np.int32)
    out = np.zeros(3, dtype=np.int32)
    wide = np.zeros(3, dtype=np.int64)
    k[1, 32](a, b, out, wide)
    exact = a.astype(np.int64) * b.astype(np.int64)
    assert wide.tolist() == exact.tolist()  # numba: int32 * int32 is int64
    assert out.tolist() == exact.astype(np.int32).tolist()  # wraps when stored


def test_casts_of_constants_take_the_target_type(jit):
    # A cast of a literal or a global number is a constant of the target
    # type: wrapped to an integer type's width (numba.cuda computes
    # np.int8(300) as 44), rounded to a float type's precision. Widening it
    # again, storing it or comparing it must see that value.
    @jit
    def k(x64, out):
        out[0] = np.float32(0.1)
        out[1] = x64[1] * np.float32(0.1)
        out[2] = np.int8(300)
        out[3] = np.uint8(-1)
        out[4] = np.int32(MASK32)
        out[5] = np.float32(0.1) == x64[0]
        out[6] = np.float16(0.1)
        out[7] = np.int16(70000)
        out[8] = np.float32(16777217)

    x = np.array([0.1, 1.0])
    out = np.zeros(9)
    k[1, 1](x, out)
    f32 = float(np.float32(0.1))
    assert f32 != 0.1
    expected = [f32, f32, 300 - 256, 255, -1, 0.0, float(np.float16(0.1)), 70000 - 65536,
                16777216.0]
    np.testing.assert_array_equal(out, expected)


MASK32 = 0xFFFFFFFF


def test_unsigned_with_a_python_int_computes_in_int64_as_numba(jit):
    # numba types a Python int as int64, and integer operators are unsigned
    # only if both operands are (choose_result_int): uint8 - 1 at 0 is -1.
    @jit
    def k(u8, u32, u64, out, cmp):
        out[0] = u8[0] - 1                 # -1, not 2**64 - 1
        out[1] = 0 - u8[1]                 # -200
        out[2] = u64[0] // 2               # int64: 2**63 is -2**63, // 2 -> -2**62
        out[3] = u64[0] % 7                # -2**63 % 7 (floored) = 6
        n = u32[0]
        count = 0
        i = 0
        while i < n - 1:                   # n == 0: n - 1 is -1, no iterations
            i += 1
            count += 1
        out[4] = count
        out[5] = u64[1] + np.int32(-3)     # uint64 with a signed int: int64 (exact, 2**60 - 3)
        cmp[0] = u8[0] - 128 < 0
        cmp[1] = u8[1] < 256               # compared in int64, not with 256 wrapped to 0
        cmp[2] = u8[1] == 256 - 56         # 200
        cmp[3] = n < 2**32
        cmp[4] = u8[0] in (256, 512)       # False: 0 is neither

    u8 = np.array([0, 200], np.uint8)
    u32 = np.array([0], np.uint32)
    u64 = np.array([2**63, 2**60], np.uint64)
    out = np.zeros(6, np.int64)
    cmp = np.zeros(5, bool)
    k[1, 1](u8, u32, u64, out, cmp)
    assert list(out) == [-1, -200, -2**62, 6, 0, 2**60 - 3]
    assert list(cmp) == [True, True, True, True, False]


def test_unary_ops_work_in_the_operand_width_and_invert_of_bool_is_not(jit):
    # numba: int_negate_impl / int_invert_impl operate before widening;
    # ~ on a bool is logical not (its bool loop).
    @jit
    def k(u8, i8, u32, mask, out, bools):
        out[0] = -u8[0]          # -uint8(5) = 251
        out[1] = ~u8[1]          # ~uint8(0) = 255
        out[2] = -i8[0]          # -int8(-128) = -128
        out[3] = -u32[0]         # 2**32 - 1
        for j in range(2):
            bools[j] = ~mask[j]
        bools[2] = ~True         # the literal: CPython's -2 (numba sees that), true

    out = np.zeros(4, np.int64)
    bools = np.ones(3, bool)
    k[1, 1](np.array([5, 0], np.uint8), np.array([-128], np.int8),
            np.array([1], np.uint32), np.array([True, False]), out, bools)
    assert list(out) == [251, 255, -128, 2**32 - 1]
    assert list(bools) == [False, True, True]


def test_shifts_take_the_left_operands_signedness(jit):
    # numba's BitwiseShiftOperation: uint64 << int64 is uint64 (it was an
    # error), int64 >> uint64 is int64 (arithmetic).
    @jit
    def k(u64, s, out_u, out_i):
        out_u[0] = u64[0] << s[0]
        out_u[1] = (u64[0] << s[0]) >> s[0]     # logical: back to 1
        out_u[2] = np.uint64(1) << s[0]
        out_i[0] = s[1] >> np.uint64(1)         # -8 >> 1 = -4

    out_u = np.zeros(3, np.uint64)
    out_i = np.zeros(1, np.int64)
    k[1, 1](np.array([1], np.uint64), np.array([63, -8], np.int64), out_u, out_i)
    assert list(out_u) == [2**63, 1, 2**63]
    assert out_i[0] == -4


def test_float32_to_an_integer_power_stays_float32(jit):
    # numba's BinOpPower: float32 ** int32/int64/uint64 is float32.
    @jit
    def k(x, n, out):
        r = x[0] ** n[0]
        out[0] = r
        out[1] = r * x[0]       # float32 arithmetic: rounds as float32 does

    x = np.array([1.1], np.float32)
    out = np.zeros(2, np.float32)
    k[1, 1](x, np.array([3], np.int32), out)
    want = np.float32(1.1) ** np.float32(3)
    np.testing.assert_allclose(out[0], want, rtol=2e-7)
    assert out[1] == np.float32(out[0]) * np.float32(1.1)


def test_min_max_of_a_tuple(jit):
    # numba: max(t) of a tuple of numbers; NaN and the first of ties as Python's.
    @jit
    def k(a, out):
        t = (a[0], 2.5, 1)
        out[0] = max(t)
        out[1] = min(t)
        out[2] = max((a[1], a[2]))
        out[3] = min(a.shape)

    out = np.zeros(4)
    k[1, 1](np.array([3.0, -1.0, 7.0]), out)
    assert list(out) == [3.0, 1.0, 7.0, 3.0]


def test_min_max_of_a_1d_array_is_pythons_over_its_elements(jit):
    # numba compiles min(a)/max(a) of a 1-d array as the builtins over an
    # iterable: a NaN first stays, a later one is passed over (np.min
    # propagates any NaN); the dtype is the result; empty raises ValueError.
    @jit
    def k(a, out):
        out[0] = min(a)
        out[1] = max(a)

    for a in (np.array([3.0, -1.0, 7.5, 2.0]), np.array([np.nan, 1.0, 2.0]),
              np.array([1.0, np.nan, 2.0]), np.array([2.0, 5.0, 1.0])[::-1],
              np.array([3, -9, 4], np.int8), np.array([7], np.uint64)):
        out = np.zeros(2)
        k[1, 1](a, out)
        np.testing.assert_array_equal(out, [min(a), max(a)], err_msg=str(a))

    @jit(debug=True, opt=False)
    def checked(a, out):
        out[0] = max(a)

    with pytest.raises(ValueError, match=r"max\(\) arg is an empty sequence"):
        checked[1, 1](np.zeros(0), np.zeros(1))

    @jit
    def two_d(a, out):
        out[0] = max(a)

    with pytest.raises(pyjit.CompileError, match="takes a 1-d array of real numbers"):
        two_d[1, 1](np.zeros((2, 2)), np.zeros(1))


def test_int_and_float_keep_the_width_of_their_kind_as_numba_types_them(jit):
    # numba's Int and Float templates: int() of an integer and float() of a
    # float are that type (numba-cuda's test_casting expects float(x) of a
    # float32 to be float32); of the other kind, int64 and float64.
    @jit
    def k(x, i, out_f, out_i):
        out_f[0] = float(x[0]) + x[1]   # float32 arithmetic: 1 + 1e-8 is 1
        out_f[1] = float(i[0]) + 1e-8   # float64 from an int
        out_i[0] = int(i[0]) * int(i[0])  # int32 operands: numba computes in int64
        out_i[1] = int(x[2])            # a float to int64 (intp)

    x = np.array([1.0, 1e-8, 3e9], dtype=np.float32)
    i = np.array([65536], dtype=np.int32)
    out_f = np.zeros(2)
    out_i = np.zeros(2, dtype=np.int64)
    k[1, 1](x, i, out_f, out_i)
    assert out_f[0] == 1.0 and out_f[1] == 65536 + 1e-8
    assert out_i[0] == 2**32
    assert out_i[1] == 3000000000  # float32(3e9) is exactly 3e9
    def as_float(v):
        return float(v)

    def as_int(v):
        return int(v)

    assert str(cuda.compile_ptx(as_float, (pyjit.float32,), device=True)[1]) == "float32"
    assert str(cuda.compile_ptx(as_int, (pyjit.int32,), device=True)[1]) == "int32"
    assert str(cuda.compile_ptx(as_float, (pyjit.int32,), device=True)[1]) == "float64"
    assert str(cuda.compile_ptx(as_int, (pyjit.float32,), device=True)[1]) == "int64"


def test_builtin_max_and_min_of_floats_are_numba_cudas_fmax_and_fmin(jit):
    # numba.cuda lowers max/min of two float32/float64 values to libdevice's
    # fmax/fmin (its test_minmax looks for max.f64 in the PTX): a NaN operand
    # loses, wherever it stands. Three or more arguments take Python's
    # algorithm (numba-cuda's do_minmax: acc = v if v > acc else acc): a NaN
    # first stays, a NaN later is passed over (a differential fuzz against
    # numba-cuda 0.30.4 on the H200 found the difference).
    @jit
    def k(a, b, out):
        i = cuda.grid(1)
        if i < a.size:
            out[i, 0] = max(a[i], b[i])
            out[i, 1] = min(a[i], b[i])
            out[i, 2] = max(a[i], b[i], 0.5)
            out[i, 3] = min(a[i], b[i], 0.5)

    a = np.array([np.nan, 1.0, 2.0, np.nan])
    b = np.array([1.0, np.nan, 3.0, np.nan])
    out = np.zeros((4, 4))
    k[1, 4](a, b, out)
    nan = np.nan
    np.testing.assert_array_equal(out, [[1.0, 1.0, nan, nan], [1.0, 1.0, 1.0, 0.5],
                                        [3.0, 2.0, 3.0, 0.5], [nan, nan, nan, nan]])
    ptx, _ = cuda.compile_ptx(k.py_func, "void(float64[::1], float64[::1], float64[:, ::1])")
    assert "max.f64" in ptx and "min.f64" in ptx


def test_min_max_with_an_int_literal_among_narrow_integers_are_int64(jit):
    # numba unifies min(uint32, 5) as int64 (the literal is an int64, as in its
    # arithmetic): negating the result gives -5, not uint32's 4294967291.
    @jit
    def k(ua, ia, out):
        u = ua[0]                   # uint32 10
        i = ia[0]                   # int32 -2**31
        out[0] = -min(u, 5)         # -5
        out[1] = -min(i, 5)         # 2**31: int64, not int32's wrap to -2**31
        out[2] = (min(5, u) - u) // 2   # (5 - 10) // 2
        out[3] = -max(u, ua[1])     # two uint32: uint32 10, negated in its width
        out[4] = -max(i, -7)        # 7

    out = np.zeros(5, np.int64)
    k[1, 1](np.array([10, 3], np.uint32), np.array([-2**31], np.int32), out)
    assert out.tolist() == [-5, 2**31, -3, 2**32 - 10, 7]


def test_floor_division_and_remainder_by_a_known_nan_are_nan(jit):
    # 0 / 0 of ints is a NaN (numba's error model) the compiler knows when
    # compiling; x // nan and x % nan are NaN (Python's float rules). On the
    # CPU backend LLVM once turned fmod(x, nan) into a poison value and
    # dropped the store of out[0] (found by differential fuzzing).
    @jit
    def k(out):
        x = np.float64(100.5)
        la = cuda.local.array(2, np.float64)
        for i in range(2):
            la[i] = 0.75
        nan = 0 / int(x - x)
        out[0] = 0.0 / max(x, la[1]) // abs(max(nan, nan))
        out[1] = 1.0
        z = cuda.local.array(1, np.int64)
        z[0] = 0
        out[2] = -(0 / z[0]) % 3.0
        out[3] = (0.0 / max(x, la[0])) % nan

    out = np.full(4, -777.0)
    k[1, 1](out)
    assert math.isnan(out[0]) and out[1] == 1.0
    assert math.isnan(out[2]) and math.isnan(out[3])


def test_a_constant_operand_that_cannot_be_the_value_of_or_does_not_widen_it(jit):
    # `0 or x` is x (Python), so it keeps x's float32: 0.1f * 3 in float32.
    @jit
    def k(fa, out):
        x = fa[0]
        out[0] = (0 or x) * np.float32(3.0)
        out[1] = (2 and x) * np.float32(3.0)

    out = np.zeros(2, np.float64)
    k[1, 1](np.array([0.1], np.float32), out)
    expected = float(np.float32(0.1) * np.float32(3.0))
    assert out.tolist() == [expected, expected]


def test_code_after_continue_is_dead(jit):
    # CPython drops it (numba never sees it): its read of v is no error.
    @jit
    def k(a, out):
        v = a[0]
        for i in range(3):
            v = v + 1.0
            if True:
                continue
            v += 2.0
        w = a[0]
        for i in range(2):
            w = w * 2.0
            continue
            w += 100.0
        out[0] = v
        out[1] = w

    out = np.zeros(2)
    k[1, 1](np.array([1.0]), out)
    assert out.tolist() == [4.0, 4.0]


def test_integer_zero_to_a_negative_power_is_numbas_sentinel(jit):
    # numba.cuda's error model (no debug): -2**63 for int64 (Python raises).
    @jit
    def k(ia, out):
        x = ia[0]
        out[0] = x ** -1
        out[1] = x ** ia[1]
        out[2] = ia[2] ** ia[1]      # 2 ** -1: 0
        out[3] = (x - 1) ** ia[3]    # (-1) ** -3: -1

    out = np.zeros(4, np.int64)
    # (x ** -1, a negative constant power, is warned about: an integer)
    with pytest.warns(pyjit.CompileWarning, match="an integer to a negative power"):
        k[1, 1](np.array([0, -1, 2, -3], np.int64), out)
    assert out.tolist() == [-2**63, -2**63, 0, -1]


@cuda.jit(device=True)
def _tick(c):
    """c[0] += 1, then c[0] + 1: a call whose result tells when it ran."""
    c[0] += 1
    return c[0] + 1


def test_builtin_calls_evaluate_their_arguments_left_to_right(jit):
    # Python evaluates a call's arguments in order; pow() computed its
    # exponent first (two arguments of one C++ call). Expected values by hand:
    # the first _tick gives 2, the second 3.
    @jit
    def k(c, out):
        out[0] = pow(_tick(c), _tick(c))          # 2 ** 3
        c[0] = 0
        out[1] = divmod(_tick(c), _tick(c))[0]    # 2 // 3
        c[0] = 0
        out[2] = min(_tick(c), _tick(c) - 2)      # min(2, 1)
        c[0] = 0
        out[3] = math.atan2(_tick(c), _tick(c))   # atan2(2, 3)

    out = np.zeros(4)
    k[1, 1](np.zeros(1, np.int64), out)
    assert out.tolist() == [8.0, 0.0, 1.0, math.atan2(2, 3)]
