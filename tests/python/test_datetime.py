"""NumPy datetime64/timedelta64 in kernels (numba's NPDatetime/NPTimedelta):
arrays and scalars as arguments, the calendar's arithmetic, NaT, units
meeting at the finer one. Expected values are NumPy's own arithmetic on the
same values; numba-cuda's test_datetime.py cases come first."""
import numpy as np
import pytest

import pyjit
from pyjit import cuda


def test_basic_datetime_kernel(jit):
    # numba-cuda's test_basic_datetime_kernel.
    @jit
    def foo(start, end, delta):
        for i in range(cuda.grid(1), delta.size, cuda.gridsize(1)):
            delta[i] = end[i] - start[i]

    arr1 = np.arange('2005-02', '2006-02', dtype='datetime64[D]')
    arr2 = arr1 + np.random.default_rng(1).integers(0, 10000, arr1.size)
    delta = np.zeros_like(arr1, dtype='timedelta64[D]')
    foo[1, 32](arr1, arr2, delta)
    np.testing.assert_array_equal(delta, arr2 - arr1)


def test_scalar_datetime_kernel(jit):
    # numba-cuda's test_scalar_datetime_kernel: scalars of both kinds.
    @jit
    def foo(dates, target, delta, matches, outdelta):
        for i in range(cuda.grid(1), matches.size, cuda.gridsize(1)):
            matches[i] = dates[i] == target
            outdelta[i] = dates[i] - delta

    arr1 = np.arange('2005-02', '2006-02', dtype='datetime64[D]')
    target = arr1[5]
    delta = arr1[6] - arr1[5]
    matches = np.zeros_like(arr1, dtype=np.bool_)
    outdelta = np.zeros_like(arr1, dtype='datetime64[D]')
    foo[1, 32](arr1, target, delta, matches, outdelta)
    np.testing.assert_array_equal(matches, arr1 == target)
    np.testing.assert_array_equal(outdelta, arr1 - delta)


def test_device_arrays_of_datetimes(jit):
    if jit is not cuda.jit:
        pytest.skip("device arrays: the GPU's (the CPU backend's are host memory)")
    arr = np.arange('2005-02', '2006-02', dtype='datetime64[D]')
    d = cuda.to_device(arr)
    out = cuda.device_array(arr.size, dtype='timedelta64[D]')

    @jit
    def since_first(a, out):
        i = cuda.grid(1)
        if i < a.size:
            out[i] = a[i] - a[0]

    since_first[1, 512](d, out)
    np.testing.assert_array_equal(out.copy_to_host(), arr - arr[0])


def test_arithmetic_units_and_nat(jit):
    # Units meet at the finer one; NaT in, NaT out; comparisons with NaT are
    # false (!= true), as NumPy's.
    @jit
    def k(d, h, td, tu, n, f, out_td, out_dt, out_f, out_i, out_b):
        i = cuda.grid(1)
        if i < d.size:
            out_dt[0, i] = d[i] + h[i]          # datetime64[D] + timedelta64[h] -> [h]
            out_dt[1, i] = h[i] + d[i]
            out_dt[2, i] = d[i] - h[i]
            out_td[0, i] = td[i] - tu[i]        # timedelta64[h] - [us] -> [us]
            out_td[1, i] = td[i] * n[i]
            out_td[2, i] = n[i] * td[i]
            out_td[3, i] = td[i] * f[i]         # truncated toward zero
            out_td[4, i] = td[i] / n[i]         # truncated toward zero
            out_td[5, i] = td[i] // n[i]
            out_td[6, i] = tu[i] % td[i]
            out_td[7, i] = -td[i]
            out_f[i] = tu[i] / td[i]
            out_i[i] = tu[i] // td[i]
            out_b[0, i] = d[i] < d[0]
            out_b[1, i] = td[i] == tu[i]
            out_b[2, i] = td[i] != tu[i]
            out_b[3, i] = td[i] >= tu[i]

    nat_d = np.datetime64('NaT', 'D')
    d = np.array(['2024-02-28', '1970-01-01', 'NaT', '1969-12-31', '2000-01-01'],
                 dtype='datetime64[D]')
    h = np.array([25, -3, 4, 'NaT', 0], dtype='timedelta64[h]')
    td = np.array([7, -7, 3, 'NaT', 5], dtype='timedelta64[h]')
    tu = np.array([3600000000, 5, 10800000000, 1, 'NaT'], dtype='timedelta64[us]')
    n = np.array([2, 2, 0, 3, -2], dtype=np.int64)
    f = np.array([1.5, 1.5, 0.25, 2.0, np.nan])
    m = d.size
    out_td = np.zeros((8, m), dtype='timedelta64[us]')
    out_dt = np.zeros((3, m), dtype='datetime64[h]')
    out_f = np.zeros(m)
    out_i = np.zeros(m, np.int64)
    out_b = np.zeros((4, m), np.bool_)
    k[1, 32](d, h, td, tu, n, f, out_td, out_dt, out_f, out_i, out_b)
    np.testing.assert_array_equal(out_dt[0], d + h)
    np.testing.assert_array_equal(out_dt[1], h + d)
    np.testing.assert_array_equal(out_dt[2], d - h)
    np.testing.assert_array_equal(out_td[0], td - tu)
    np.testing.assert_array_equal(out_td[1], td * n)
    np.testing.assert_array_equal(out_td[2], n * td)
    np.testing.assert_array_equal(out_td[3], (td * f).astype('timedelta64[us]'))
    # Truncated toward zero; NaT for a zero divisor (worked by hand: 7 // 2 is
    # 3, -7 / 2 is -3, 3 / 0 is NaT, NaT / 3 is NaT, 5 / -2 is -2).
    expected = np.array([3, -3, 'NaT', 'NaT', -2], dtype='timedelta64[h]')
    np.testing.assert_array_equal(out_td[4], expected)
    np.testing.assert_array_equal(out_td[5], expected)
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(out_td[6], tu % td)
        np.testing.assert_array_equal(out_f, tu / td)
    # NaT and a zero divisor give 0, as NumPy's floor division (which warns).
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(out_i, np.where(np.isnat(tu) | np.isnat(td), 0, tu // td))
    np.testing.assert_array_equal(out_td[7], -td)
    np.testing.assert_array_equal(out_b[0], d < d[0])
    np.testing.assert_array_equal(out_b[1], td == tu)
    np.testing.assert_array_equal(out_b[2], td != tu)
    np.testing.assert_array_equal(out_b[3], td >= tu)
    assert not out_b[0, 2] and np.isnat(out_dt[0, 2]) and nat_d != nat_d


def test_a_coarser_value_stores_into_a_finer_array(jit):
    @jit
    def k(days, out):
        i = cuda.grid(1)
        if i < days.size:
            out[i] = days[i]  # datetime64[D] into datetime64[s]: exact

    days = np.array(['2024-01-01', 'NaT'], dtype='datetime64[D]')
    out = np.zeros(2, dtype='datetime64[s]')
    k[1, 2](days, out)
    np.testing.assert_array_equal(out, days.astype('datetime64[s]'))


def test_datetime_errors_name_the_rule(jit):
    @jit
    def add_dates(a, out):
        out[0] = a[0] + a[1]

    d = np.zeros(2, dtype='datetime64[D]')
    with pytest.raises(pyjit.CompileError, match=r"unsupported operand types for \+: "
                                                 r"datetime64\[D\] and datetime64\[D\]"):
        add_dates[1, 1](d, d)

    @jit
    def months_and_days(m, t, out):
        out[0] = m[0] - t[0]

    with pytest.raises(pyjit.CompileError, match="units M and D do not convert"):
        months_and_days[1, 1](np.zeros(1, 'datetime64[M]'), np.zeros(1, 'timedelta64[D]'),
                              np.zeros(1, 'datetime64[D]'))

    @jit
    def finer_into_coarser(t, out):
        out[0] = t[0]

    with pytest.raises(pyjit.CompileError, match=r"cannot store a value of type "
                                                 r"timedelta64\[h\] into an array of "
                                                 r"timedelta64\[D\] \(its unit is finer"):
        finer_into_coarser[1, 1](np.zeros(1, 'timedelta64[h]'), np.zeros(1, 'timedelta64[D]'))

    @jit
    def compare_kinds(a, t, out):
        out[0] = a[0] < t[0]

    with pytest.raises(pyjit.CompileError, match="cannot compare datetime64"):
        compare_kinds[1, 1](np.zeros(1, 'datetime64[D]'), np.zeros(1, 'timedelta64[D]'),
                            np.zeros(1, np.bool_))
    with pytest.raises(TypeError, match="needs one unit"):
        compare_kinds[1, 1](np.zeros(1, 'datetime64[2D]'), np.zeros(1, 'timedelta64[D]'),
                            np.zeros(1, np.bool_))


def test_signatures_spell_datetime_types(jit):
    from pyjit import types
    k = jit("void(datetime64[D][::1], timedelta64[h], array(datetime64[h], 1d, C))")

    def shift(a, by, out):
        i = cuda.grid(1)
        if i < a.size:
            out[i] = a[i] + by

    kernel = k(shift)
    a = np.array(['2024-01-01', '2024-03-01'], dtype='datetime64[D]')
    out = np.zeros(2, dtype='datetime64[h]')
    kernel[1, 2](a, np.timedelta64(5, 'h'), out)
    np.testing.assert_array_equal(out, a + np.timedelta64(5, 'h'))
    assert pyjit.typeof(a) == "array(datetime64[D], 1d, C)"
    assert pyjit.typeof(np.timedelta64(3, 's')) == "timedelta64[s]"
    assert kernel.signatures[0][1] == "timedelta64[h]"
    del types


def test_ufuncs_and_device_functions_of_datetimes(jit):
    # numba-cuda's test_ufunc and test_gufunc, with signature strings.
    from pyjit import guvectorize, vectorize
    target = "cuda" if jit is cuda.jit else "cpu"

    @vectorize(["timedelta64[D](datetime64[D], datetime64[D])"], target=target)
    def timediff(start, end):
        return end - start

    @guvectorize(["void(datetime64[D], datetime64[D], timedelta64[D][:])"], "(),()->()",
                 target=target)
    def timediff2(start, end, out):
        out[0] = end - start

    arr1 = np.arange('2005-02', '2006-02', dtype='datetime64[D]')
    arr2 = arr1 + np.random.default_rng(2).integers(0, 10000, arr1.size)
    np.testing.assert_array_equal(timediff(arr1, arr2), arr2 - arr1)
    np.testing.assert_array_equal(timediff2(arr1, arr2), arr2 - arr1)

    @jit(device=True)
    def later(d, t):
        return d + t, t * 2

    @jit
    def k(d, t, out, twice):
        i = cuda.grid(1)
        if i < d.size:
            out[i], twice[i] = later(d[i], t)

    out = np.zeros(arr1.size, dtype='datetime64[h]')
    twice = np.zeros(arr1.size, dtype='timedelta64[h]')
    k[1, 512](arr1, np.timedelta64(5, 'h'), out, twice)
    np.testing.assert_array_equal(out, arr1 + np.timedelta64(5, 'h'))
    assert (twice == np.timedelta64(10, 'h')).all()


def test_tuples_of_datetimes_and_their_run_time_index(jit):
    @jit
    def k(t, out):
        out[0] = t[0] + t[1]
        for i in range(len(t)):
            out[1 + i] = t[i]

    out = np.zeros(3, "m8[h]")
    k[1, 1]((np.timedelta64(1, "h"), np.timedelta64(2, "h")), out)
    assert out.tolist() == [np.timedelta64(3, "h"), np.timedelta64(1, "h"),
                            np.timedelta64(2, "h")]


def test_products_past_int64_are_nat_and_messages_name_the_unit_rule(jit):
    # NumPy casts t * f to int64 through the double: past int64 (and NaN or
    # inf) it is NaT (x86's cvttsd2si gives INT64_MIN).
    @jit
    def k(t, f, out):
        for i in range(out.size):
            out[i] = t[i] * f[i]

    t = np.array([2 ** 62, -2 ** 62, 3], "m8[ns]")
    f = np.array([4.0, 4.0, np.inf])
    out = np.zeros(3, "m8[ns]")
    k[1, 1](t, f, out)
    assert np.isnat(out).all()

    @jit
    def store(y, out):
        out[0] = y[0]

    with pytest.raises(pyjit.CompileError, match="units Y and D do not convert"):
        store[1, 1](np.zeros(1, "M8[Y]"), np.zeros(1, "M8[D]"))

    @jit
    def shift(a, t, out):
        out[0] = a[0] + t

    with pytest.raises(TypeError, match=r"a generic unit or a multiple of one "
                                        r"\(timedelta64\[3h\]\).*np.timedelta64\(5, 'h'\)"):
        shift[1, 1](np.zeros(1, "M8[D]"), np.timedelta64(5, "3h"), np.zeros(1, "M8[h]"))


def test_a_device_function_declares_a_datetime_result(jit):
    def shifted(d, t):
        return d + t

    later = jit("datetime64[h](datetime64[D], timedelta64[h])", device=True)(shifted)

    @jit
    def k(d, t, out):
        out[0] = later(d[0], t)

    out = np.zeros(1, "M8[h]")
    k[1, 1](np.array(["2024-01-01"], "M8[D]"), np.timedelta64(30, "h"), out)
    assert out[0] == np.datetime64("2024-01-02T06", "h")


EPOCH_2020 = np.datetime64('2020-01-01')          # datetime64[D], a count of 18262 days
ONE_HOUR = np.timedelta64(1, 'h')
NAT_SECONDS = np.datetime64('NaT', 's')
HOLIDAYS = np.array(['2020-01-01', '2020-12-25'], dtype='datetime64[D]')
GENERIC_NAT = np.datetime64('NaT')                 # no unit: kernels cannot type it
TEN_SECONDS = np.timedelta64(5, '10s')             # a multiple unit


def test_global_datetime_constants(jit):
    # numba lowers NPDatetime/NPTimedelta globals as constants; global
    # arrays of them are constant arrays.
    @jit
    def shift(dates, hours, is_holiday, late):
        i = cuda.grid(1)
        if i < dates.size:
            hours[i] = dates[i] - EPOCH_2020 + ONE_HOUR
            is_holiday[i] = dates[i] == HOLIDAYS[0] or dates[i] == HOLIDAYS[1]
            late[i] = NAT_SECONDS

    dates = np.array(['2020-01-03', 'NaT', '2019-12-31', '2020-12-25'], dtype='datetime64[D]')
    hours = np.zeros(4, dtype='timedelta64[h]')
    is_holiday = np.zeros(4, dtype=np.bool_)
    late = np.zeros(4, dtype='datetime64[s]')
    shift[1, 32](dates, hours, is_holiday, late)
    np.testing.assert_array_equal(hours, dates - EPOCH_2020 + ONE_HOUR)
    assert hours[0] == np.timedelta64(49, 'h') and np.isnat(hours[1])  # by hand: 2 days + 1 h
    np.testing.assert_array_equal(is_holiday, [False, False, False, True])
    assert np.isnat(late).all()


def test_datetime_globals_without_one_unit_are_named(jit):
    @jit
    def generic(out):
        out[0] = GENERIC_NAT

    @jit
    def multiple(out):
        out[0] = TEN_SECONDS

    with pytest.raises(pyjit.CompileError, match=r"GENERIC_NAT.*unit 'generic'.*'NaT', 's'"):
        generic[1, 1](np.zeros(1, dtype='datetime64[s]'))
    with pytest.raises(pyjit.CompileError, match=r"TEN_SECONDS.*unit '\[10s\]'"):
        multiple[1, 1](np.zeros(1, dtype='timedelta64[s]'))


def test_isnat_of_scalars_and_arrays(jit):
    @jit
    def flags(dates, deltas, out_dates, out_deltas):
        i = cuda.grid(1)
        if i < dates.size:
            out_dates[i] = np.isnat(dates[i])
            out_deltas[i] = np.isnat(deltas[i])

    @jit
    def whole(dates, out):
        np.isnat(dates, out)

    dates = np.array(['2020-01-03', 'NaT', '1969-12-31', 'NaT'], dtype='datetime64[D]')
    deltas = np.array([1, 'NaT', -1, 0], dtype='timedelta64[s]')
    out_dates, out_deltas, out = (np.zeros(4, dtype=np.bool_) for _ in range(3))
    flags[1, 32](dates, deltas, out_dates, out_deltas)
    whole[1, 1](dates, out)
    np.testing.assert_array_equal(out_dates, np.isnat(dates))
    np.testing.assert_array_equal(out_deltas, np.isnat(deltas))
    np.testing.assert_array_equal(out, [False, True, False, True])


def test_isnat_of_a_number_is_numpys_type_error(jit):
    @jit
    def bad(x, out):
        out[0] = np.isnat(x[0])

    with pytest.raises(pyjit.CompileError,
                       match=r"numpy.isnat\(\) is only defined for datetime64 and timedelta64, "
                             r"not float64"):
        bad[1, 1](np.zeros(1), np.zeros(1, dtype=np.bool_))


NAT_HOURS = np.timedelta64('NaT', 'h')
FIVE_HOURS = np.timedelta64(5, 'h')


def test_comparisons_of_nat_globals_follow_numpy(jit):
    # They were folded as the int64 counts (-2**63 == -2**63 is True).
    @jit
    def k(out):
        out[0] = NAT_HOURS == NAT_HOURS
        out[1] = NAT_HOURS != NAT_HOURS
        out[2] = NAT_HOURS < FIVE_HOURS
        out[3] = NAT_HOURS <= NAT_HOURS
        out[4] = FIVE_HOURS > NAT_HOURS

    out = np.zeros(5, dtype=np.bool_)
    k[1, 1](out)
    expected = [NAT_HOURS == NAT_HOURS, NAT_HOURS != NAT_HOURS, NAT_HOURS < FIVE_HOURS,
                NAT_HOURS <= NAT_HOURS, FIVE_HOURS > NAT_HOURS]
    assert out.tolist() == [bool(x) for x in expected] == [False, True, False, False, False]
