"""np.ndindex, np.ndenumerate, a.flat, a.ravel(), `x in range(..)`,
len(range(..)), range and slice objects, t.index(x) and operator.getitem/setitem/is_/contains in kernels (numba-cuda compiles each), checked
on every backend (the `jit` fixture) against NumPy and Python."""
import operator

import numpy as np
import pytest

import pyjit
from pyjit import cuda


@cuda.jit(device=True)
def _total(items):
    """The sum of what a loop over `items` gives (a range object, a flatiter):
    a device function typed per call."""
    s = 0
    for x in items:
        s += x
    return s


def test_ndindex_in_c_order(jit):
    @jit
    def k(out, n, m, counts):
        for idx in np.ndindex(n, m):
            out[idx] = idx[0] * 10 + idx[1]
        c = 0
        for i, t in enumerate(np.ndindex((2, 3, 4))):
            c += i * (t[0] * 100 + t[1] * 10 + t[2])
        counts[0] = c
        for e in np.ndindex():            # one iteration, of ()
            counts[1] += 1 + len(e)
        for e in np.ndindex(3, 0):        # none
            counts[2] += 1
        for e in np.ndindex(n):           # one extent: 1-tuples
            counts[3] += e[0]
        for e in np.ndindex(*out.shape, 2):   # spread
            counts[4] += e[0] * 100 + e[1] * 10 + e[2]

    out = np.zeros((4, 5), np.int64)
    counts = np.zeros(5, np.int64)
    k[1, 1](out, 4, 5, counts)
    np.testing.assert_array_equal(out, [[i * 10 + j for j in range(5)] for i in range(4)])
    assert counts.tolist() == [
        sum(i * (a * 100 + b * 10 + c) for i, (a, b, c) in enumerate(np.ndindex((2, 3, 4)))),
        1, 0, sum(range(4)), sum(a * 100 + b * 10 + c for a, b, c in np.ndindex(4, 5, 2))]


def test_a_shorter_index_tuple_is_a_view(jit):
    # a[idx] with idx a tuple of fewer indices than a has dimensions: the
    # view of the rest, as NumPy's (read, assigned, updated in place).
    @jit
    def k(a, out):
        for idx in np.ndindex(a.shape[0]):
            out[idx[0]] = a[idx][1, 2]
        t = (1,)
        a[t] = 7.0
        u = (0, 1)
        a[u] += 1.0

    a = np.arange(24.0).reshape(2, 3, 4)
    expect = a.copy()
    out = np.zeros(2)
    k[1, 1](a, out)
    assert out.tolist() == [expect[0, 1, 2], expect[1, 1, 2]]
    expect[1] = 7.0
    expect[0, 1] += 1.0
    np.testing.assert_array_equal(a, expect)


def test_ndindex_past_int64_starts_at_the_first_index(jit):
    # The product of the extents overflows int64: the loop still runs (from
    # (0, 0), as NumPy's) rather than not at all.
    @jit
    def k(n, m, out):
        c = 0
        for i, j in np.ndindex(n, m):
            out[c, 0] = i
            out[c, 1] = j
            c += 1
            if c == 3:
                break

    for n, m in ((2**32, 2**32), (2**62, 4), (2**63 - 1, 2)):
        out = np.full((3, 2), -1, np.int64)
        k[1, 1](n, m, out)
        assert out.tolist() == [[k // m, k % m] for k in range(3)], (n, m)


def test_ndenumerate_and_flat_of_contiguous_and_strided_arrays(jit):
    @jit
    def k(a, b, c):
        for idx, v in np.ndenumerate(a):
            b[idx] = v * 2 + idx[-1]
        s = 0.0
        for v in a.flat:
            s += v
        c[0] = s
        for i, (idx, v) in enumerate(np.ndenumerate(a)):
            c[1] += i * v
        for v, w in zip(a.flat, range(100)):
            c[2] += v * w

    base = np.arange(48.0).reshape(2, 6, 4)
    for a in (base, base[:, ::2, 1:], np.asfortranarray(base)):
        b, c = np.zeros_like(a), np.zeros(3)
        k[1, 1](a, b, c)
        expect = np.zeros_like(a)
        for idx, v in np.ndenumerate(a):
            expect[idx] = v * 2 + idx[-1]
        np.testing.assert_array_equal(b, expect)
        flat = list(a.flat)
        assert c.tolist() == [sum(flat), sum(i * v for i, v in enumerate(flat)),
                              sum(v * w for v, w in zip(flat, range(100)))]


def test_nditer_yields_0d_views(jit):
    # numba's np.nditer of one array: each element as a 0-d array, in memory
    # order for an F-contiguous array (as NumPy's default order='K'), else
    # in C order.
    @jit
    def k(a, out):
        for i, x in enumerate(np.nditer(a)):
            out[i] = x[()] * 2 + x.item() + x.ndim

    base = np.arange(24.0).reshape(4, 6)
    fortran = np.asfortranarray(base)
    for a, order in ((base, base.flat), (base[::2, 1::2], base[::2, 1::2].flat),
                     (fortran, fortran.T.flat), (np.array(5.0), [5.0])):
        out = np.zeros(a.size)
        k[1, 1](a, out)
        np.testing.assert_array_equal(out, [v * 3.0 for v in order])
        if a.ndim and a.flags.c_contiguous != a.flags.f_contiguous:
            np.testing.assert_array_equal(out, [v * 3.0 for v in np.nditer(a)])


def test_flat_items_read_and_written_in_c_order(jit):
    @jit
    def k(a, out):
        for i in range(a.size):
            out[i] = a.flat[i]
        a.flat[-1] = 99
        a.flat[0] += 1
        out[a.size] = len(a.flat)

    grid = np.arange(24.0).reshape(4, 6)
    for a in (grid[:3].copy(), grid[::2, 1::2], np.asfortranarray(grid[:3])):
        expect_out = np.array(list(a.flat) + [a.size])
        expect_a = a.copy()
        expect_a.flat[-1] = 99
        expect_a.flat[0] += 1
        out = np.zeros(a.size + 1)
        k[1, 1](a, out)
        np.testing.assert_array_equal(out, expect_out)
        np.testing.assert_array_equal(a, expect_a)


def test_flat_of_an_array_not_c_contiguous_is_a_value(jit):
    # numba's flatiter: held, indexed (read, written, +=), measured, iterated
    # (enumerate too), passed to and returned from device functions.
    @cuda.jit(device=True)
    def flat_of(m):
        return m.flat

    @jit
    def k(m, out):
        f = m.flat
        out[0] = len(f)
        out[1] = f[3]
        f[0] = 100.0
        f[1] += 5.0
        out[2] = _total(f)
        out[3] = flat_of(m)[-1]
        s = 0.0
        for i, v in enumerate(m.T.flat):
            s += i * v
        out[4] = s
        h = m[::2, ::-1].flat
        out[5] = h[1] + len(h) * 1000

    m = np.arange(12.0).reshape(3, 4)[:, 1:]
    expect_m = m.copy()
    first = [expect_m.size, expect_m.flat[3]]
    expect_m.flat[0] = 100.0
    expect_m.flat[1] += 5.0
    view = expect_m[::2, ::-1]
    expect = first + [expect_m.sum(), expect_m.flat[-1],
                      sum(i * v for i, v in enumerate(expect_m.T.flat)),
                      view.flat[1] + view.size * 1000]
    out = np.zeros(6)
    k[1, 1](m, out)
    assert out.tolist() == expect
    np.testing.assert_array_equal(m, expect_m)


def test_flat_of_views_taken_in_the_kernel(jit):
    # a[::2], a[::-1], a[:, 1:3] of a C array are not contiguous: their
    # a.flat goes through the strides (a[1:3, :] is contiguous).
    @jit
    def k(a, out):
        j = 0
        for w in a[::2].flat:
            out[j] = w
            j += 1
        for w in a[::-1].flat:
            out[j] = w
            j += 1
        for i in range(8):
            out[j] = a[:, 1:3].flat[i]
            j += 1
        for w in a[1:3, :].flat:
            out[j] = w
            j += 1

    a = np.arange(12.0).reshape(4, 3)
    expect = (list(a[::2].flat) + list(a[::-1].flat) + list(a[:, 1:3].flat) +
              list(a[1:3, :].flat))
    out = np.zeros(len(expect))
    k[1, 1](a, out)
    assert out.tolist() == expect


def test_ravel_is_a_view_of_a_contiguous_array(jit):
    @jit
    def k(a, out):
        r = a.ravel()
        r[1] = -1.0
        for i in range(r.size):
            out[i] = r[i]

    a = np.arange(12.0).reshape(3, 4)
    out = np.zeros(12)
    k[1, 1](a, out)
    expect = np.arange(12.0)
    expect[1] = -1
    np.testing.assert_array_equal(out, expect)
    assert a[0, 1] == -1


def test_membership_in_and_length_of_ranges_match_python(jit):
    @jit
    def k(xs, fs, params, out, lens):
        for p in range(params.shape[0]):
            a, b, c = params[p, 0], params[p, 1], params[p, 2]
            lens[p] = len(range(a, b, c))
            for i in range(xs.size):
                out[p, i] = xs[i] in range(a, b, c)
            for i in range(fs.size):
                out[p, xs.size + i] = fs[i] not in range(a, b, c)

    xs = np.array([-9, -5, -4, -3, -1, 0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 2**62, -2**63], np.int64)
    fs = np.array([0.0, 1.0, 1.5, -3.0, np.nan, np.inf, -np.inf, 4.0, 2.0**62, 1e300])
    params = np.array([(a, b, c) for a in (-5, 0, 3) for b in (-4, 0, 7, 10)
                       for c in (1, 2, 3, -1, -2)], np.int64)
    out = np.zeros((len(params), xs.size + fs.size), np.bool_)
    lens = np.zeros(len(params), np.int64)
    k[1, 1](xs, fs, params, out, lens)

    def contains(v, r):  # numba's: a float is in a range when it is a whole number in it
        if isinstance(v, float):
            return np.isfinite(v) and v % 1 == 0 and int(v) in r
        return v in r

    for p, (a, b, c) in enumerate(params.tolist()):
        r = range(a, b, c)
        assert lens[p] == len(r)
        expect = [contains(v, r) for v in xs.tolist()] + [not contains(v, r) for v in fs.tolist()]
        assert out[p].tolist() == expect, (a, b, c)


def test_membership_in_ranges_of_other_number_types(jit):
    @jit
    def k(x, u, out):
        out[0] = x[0] in range(10)
        out[1] = 3 not in range(1, 5)
        out[2] = u[0] in range(u[1])             # a uint64 range
        out[3] = x[1] in range(u[1])             # -1 is in no uint64 range
        out[4] = u[0] in range(-3, 2**63 - 1)    # beyond int64
        out[5] = (3 + 0j) in range(5)
        out[6] = (3 + 1j) in range(5)
        out[7] = True in range(2)

    out = np.zeros(8, np.bool_)
    k[1, 1](np.array([5, -1]), np.array([2**63 + 5, 2**64 - 1], np.uint64), out)
    assert out.tolist() == [True, False, True, False, False, True, False, True]


def test_tuple_index(jit):
    @jit
    def k(x, out):
        t = (3, 4.5, 4, 3)
        out[0] = t.index(3)
        out[1] = t.index(4)
        out[2] = t.index(x[0])
        out[3] = (1, 2, 3).index(3.0)

    out = np.zeros(4, np.int64)
    k[1, 1](np.array([4.5]), out)
    t = (3, 4.5, 4, 3)
    assert out.tolist() == [t.index(3), t.index(4), t.index(4.5), (1, 2, 3).index(3.0)]


def test_range_objects_held_passed_and_returned(jit):
    # numba's range_state: a range object in a variable, iterated, measured,
    # tested with `in`, its .start/.stop/.step read, passed to and returned
    # from device functions (a recursive one too); expected values: Python's.
    @cuda.jit(device=True)
    def first_of(t):
        return t[0]

    @cuda.jit(device=True)
    def countdown(n):
        return range(n, 0, -2)

    @cuda.jit(device=True)
    def nested_total(r, depth):
        if depth == 0:
            return _total(r)
        return nested_total(r, depth - 1) + 1

    @jit
    def k(a, n, u, out):
        r = range(3)
        s = 0.0
        for i in r:
            s += a[i]
        out[0] = s
        out[1] = len(r)
        out[2] = r.start + r.stop * 10 + r.step * 100
        q = range(1, n, 3)
        out[3] = len(q)
        out[4] = 4 in q
        out[5] = 5 not in q
        out[6] = _total(q)
        out[7] = _total(countdown(n))
        if n > 5:
            w = range(n)
        else:
            w = range(2, 3)
        c = 0
        for i in w:
            for j in r:
                c += 1
        out[8] = c
        out[9] = 7.0 in q
        out[10] = len(range(-5))
        out[11] = nested_total(range(1, 5), 3)
        big = range(u)                           # a uint64 bound: unsigned_range_state64
        out[12] = (2**62 - 1 in big) + 2 * (2**63 + 1 in big) + 4 * (len(big) == 2**62)
        for i, j in zip(r, countdown(6)):
            out[13] += i * j
        out[14] = _total(first_of((q, 1)))          # in a tuple, into a device function

    out = np.zeros(15)
    k[1, 1](np.array([1.0, 2.0, 4.0]), 10, np.uint64(2**62), out)
    n, r, q, big = 10, range(3), range(1, 10, 3), range(2**62)
    assert out.tolist() == [7.0, 3, 0 + 30 + 100, len(q), 4 in q, 5 not in q, sum(q),
                            sum(range(n, 0, -2)), n * 3, 7.0 in q, 0, 10 + 3,
                            (2**62 - 1 in big) + 2 * (2**63 + 1 in big) + 4 * (len(big) == 2**62),
                            sum(i * j for i, j in zip(r, range(6, 0, -2))), sum(q)]


def test_range_of_a_spread_tuple(jit):
    # range(*t) in a loop, in len() and with `in`: a range object (numba
    # takes it); expected values: Python's.
    @jit
    def k(out, n):
        t = (1, n, 2)
        s = 0
        for i in range(*t):
            s += i
        out[0] = s
        out[1] = len(range(*t))
        out[2] = 3 in range(*t)
        for i in range(*(n,)):
            out[3] += 1

    out = np.zeros(4)
    k[1, 1](out, 8)
    assert out.tolist() == [sum(range(1, 8, 2)), len(range(1, 8, 2)), 3 in range(1, 8, 2), 8]


def test_zip_and_enumerate_of_spread_tuples_in_loops(jit):
    # for .. in zip(*t) / enumerate(*t) / enumerate(zip(a, *t), 1): numba takes
    # them; each argument is evaluated once, before the loop. Expected values:
    # Python's loops over the same tuples.
    @cuda.jit(device=True)
    def pair(calls, a, b):
        calls[0] += 1
        return (a, b)

    @jit
    def k(out, calls, a, b, c):
        t = (a, b)
        s = 0.0
        for x, y in zip(*t):
            s += x * y
        out[0] = s
        e = 0.0
        for i, v in enumerate(*(c, 5)):  # start 5
            e += i * v
        out[1] = e
        m = 0.0
        for n, (x, y, z) in enumerate(zip(a, *pair(calls, b, c)), 1):
            m += n * x * y * z
        out[2] = m
        u = 0
        for p, q in zip(*((1, 2, 3), (10, 20, 30))):  # tuples: unrolled
            u += p * q
        out[3] = u
        w = 0
        for i, r in zip(range(10), *(range(3, 30, 3),)):
            if i == 5:
                break
            w += i * r
        else:
            w = -1
        out[4] = w

    a, b, c = np.arange(1.0, 6.0), np.array([2.0, 3.0, 5.0, 7.0]), np.arange(10.0, 16.0)
    out, calls = np.zeros(5), np.zeros(1, np.int64)
    k[1, 1](out, calls, a, b, c)
    want = [sum(x * y for x, y in zip(a, b)),
            sum(i * v for i, v in enumerate(c, 5)),
            sum(n * x * y * z for n, (x, y, z) in enumerate(zip(a, b, c), 1)),
            sum(p * q for p, q in zip((1, 2, 3), (10, 20, 30))),
            sum(i * r for i, r in zip(range(5), range(3, 30, 3)))]
    assert out.tolist() == want
    assert calls[0] == 1  # pair() ran once, before the loop


def test_empty_zip_and_enumerate_start_keyword(jit):
    # zip() of nothing (zip(*()) too) runs no iteration, its else: runs;
    # enumerate(x, start=k) is enumerate(x, k). Expected values: Python's.
    @jit
    def k(out, a, b):
        t = ()
        for x in zip(*t):
            out[0] = 99
        else:
            out[0] = 1
        for i, v in enumerate(a, start=10):
            out[1] += i * v
        for i, (x, y) in enumerate(zip(*(a, b)), start=2):
            out[2] += i * x * y

    a, b = np.arange(4.0), np.array([1.0, 3.0, 5.0, 7.0])
    out = np.zeros(3)
    k[1, 1](out, a, b)
    assert out.tolist() == [1, sum(i * v for i, v in enumerate(a, start=10)),
                            sum(i * x * y for i, (x, y) in enumerate(zip(a, b), start=2))]


@pytest.mark.parametrize("body, message", [
    ("for x in zip(*a):\n        out[0] = x[0]", r"'\*' unpacks a tuple here, not a value of "
                                                r"type array\(float64, 1d, C\)"),
    ("for x in zip(*(a,), strict=True):\n        out[0] = x[0]",
     r"zip\(\) keyword arguments are not supported in kernels"),
    ("for x in zip(*(np.float64,)):\n        out[0] = x[0]",
     r"the arguments of zip\(\) in a 'for' loop must be values \(arrays, ranges, tuples, "
     r"numbers\), not"),
])
def test_zip_of_spread_tuples_errors(body, message, tmp_path):
    from kernel_files import compile_error
    source = "import numpy as np\n\ndef k(out, a):\n    %s\n" % body
    error = compile_error(tmp_path, "kern_zipstar", source, (np.zeros(2), np.ones(3)), message)
    assert "kern_zipstar.py:4:" in str(error)


@pytest.mark.parametrize("body, message", [
    ("out[0] = r[0]", r"a value of type range_state64 cannot be indexed"),
    ("out[0] = r == r", r"cannot compare range_state64 and range_state64 with '=='"),
    ("out[0] = r.index(3)", r"a range object has no attribute 'index' in kernels \(it has "
                            r"start, stop and step\)"),
    ("a, b, c = r", r"cannot unpack a value of type range_state64"),
    ("out[0] = sum(r)", r"sum\(\) takes a 1-d array or a tuple in kernels, not range_state64"),
    ("if r:\n        out[0] = 1", r"the truth value of a range_state64 is not supported"),
])
def test_range_object_errors(body, message, tmp_path):
    from kernel_files import compile_error
    source = "def k(out, n):\n    r = range(n)\n    %s\n" % body
    error = compile_error(tmp_path, "kern_range", source, (np.zeros(2), 3), message)
    assert "kern_range.py:3:" in str(error)


def test_slice_objects_index_arrays_as_written_slices(jit):
    # numba's slice3: s = slice(...) indexes as a[lo:hi:step] does (in a
    # tuple too, read and written), a None part becomes numba's default
    # (start 0 / INT64_MAX, stop INT64_MAX / INT64_MIN by the step's sign),
    # s.indices(n) is Python's; expected values: NumPy's and Python's.
    @cuda.jit(device=True)
    def first(a, s):
        return a[s][0]

    @cuda.jit(device=True)
    def reverse():
        return slice(None, None, -1)

    @cuda.jit(device=True)
    def item_of(a, t):
        return a[t[0]][t[1]]

    @jit
    def k(a, m, n, out, w):
        s = slice(1, 3)
        out[0] = a[s][0]
        t = slice(1, 3, 2)
        out[1] = t.start + t.stop + t.step
        u = slice(None, 3)
        out[2] = u.start * 100 + u.stop
        r = reverse()
        out[3] = a[r][0]
        out[4] = r.start == 2**63 - 1 and r.stop == -2**63 and r.step == -1
        i = slice(1, 30, 2).indices(10)
        out[5] = i[0] * 10000 + i[1] * 100 + i[2]
        j = r.indices(n)
        out[6] = j[0] * 100 + j[1] * 10 + j[2]
        out[7] = operator.getitem(a, slice(1, 3))[1]
        out[8] = first(a, slice(2, None))
        out[9] = len(a[slice(1, None, 2)])
        out[10] = m[slice(1, None), 1][0]
        out[11] = m[1, r][0]
        idx = (r, 2)
        out[12] = m[idx][0] + m[idx].shape[0] * 100
        k2 = slice(-100, 100, 3).indices(10)
        out[13] = k2[0] * 10000 + k2[1] * 100 + k2[2]
        out[14] = len(a[slice(n)])
        w[slice(0, n, 2)] = 1.0
        w[(slice(1, None, 2),)] += 5.0
        out[15] = item_of(a, (slice(3, None), 0))    # in a tuple, into a device function

    a, m = np.arange(5.0), np.arange(12.0).reshape(3, 4)
    out, w = np.zeros(16), np.zeros(5)
    k[1, 1](a, m, 4, out, w)

    def enc(t, base):
        return t[0] * base * base + t[1] * base + t[2]

    assert out.tolist() == [a[1:3][0], 1 + 3 + 2, 3, a[::-1][0], True,
                            enc(slice(1, 30, 2).indices(10), 100),
                            enc(slice(None, None, -1).indices(4), 10), a[1:3][1], a[2:][0],
                            len(a[1::2]), m[1:, 1][0], m[1, ::-1][0], m[::-1, 2][0] + 300,
                            enc(slice(-100, 100, 3).indices(10), 100), len(a[:4]), a[3]]
    expect = np.zeros(5)
    expect[0:4:2] = 1.0
    expect[1::2] += 5.0
    assert w.tolist() == expect.tolist()


@pytest.mark.parametrize("body, message", [
    ("out[0] = len(s)", r"len\(\) of a slice<a:b:c> is not supported"),
    ("out[0] = slice(1.5).stop", r"slice\(\) arguments must be integers or None, not float64"),
    ("out[0] = s.indices(2, 3)[0]", r"s.indices\(\) takes one integer, the length"),
    ("out[0] = s == s", r"cannot compare slice<a:b:c> and slice<a:b:c> with '=='"),
    ("idx = (s, 1.5)\n    out[0] = out[idx]", r"array index must be an integer or a slice, "
                                          r"not float64"),
])
def test_slice_object_errors(body, message, tmp_path):
    from kernel_files import compile_error
    source = "def k(out, n):\n    s = slice(1, n)\n    %s\n" % body
    error = compile_error(tmp_path, "kern_slice", source, (np.zeros(2), 3), message)
    assert "kern_slice.py:3:" in str(error) or "kern_slice.py:4:" in str(error)


def test_slice_objects_check_their_step_and_length_where_bounds_are_checked():
    @pyjit.jit(debug=True, opt=False)
    def view(a, step, out):
        out[0] = a[slice(0, 4, step)][0]

    @pyjit.jit(debug=True, opt=False)
    def indices(n, out):
        out[0] = slice(1, 3).indices(n)[0]

    with pytest.raises(ValueError, match="slice step cannot be zero"):
        view[1, 1](np.zeros(4), 0, np.zeros(1))
    with pytest.raises(ValueError, match="length should not be negative"):
        indices[1, 1](-1, np.zeros(1))


def test_tuple_index_and_membership_of_tuples(jit):
    # Python's ==: tuples element by element, a tuple and a number unequal.
    @jit
    def k(x, out):
        t = ((1, 2), (3, 4), (3, 4.5))
        p = (int(x[0]), 4)
        u = (1, (2, 3), 4.0)
        out[0] = t.index((3, 4))
        out[1] = t.index(p)
        out[2] = (3, 4.5) in t
        out[3] = (3, 5) in t
        out[4] = p in t
        out[5] = (1, 2, 3) in t
        out[6] = 3 in t
        out[7] = u.index(4)
        out[8] = u.index((2, 3))
        out[9] = (2, 3) not in u

    out = np.zeros(10)
    k[1, 1](np.array([3.0]), out)
    t, p, u = ((1, 2), (3, 4), (3, 4.5)), (3, 4), (1, (2, 3), 4.0)
    assert out.tolist() == [t.index((3, 4)), t.index(p), (3, 4.5) in t, (3, 5) in t, p in t,
                            (1, 2, 3) in t, 3 in t, u.index(4), u.index((2, 3)), (2, 3) not in u]


def test_operator_getitem_indexes_arrays_and_tuples(jit):
    @jit
    def k(a, m, out):
        t = (1.5, 2, 3)
        out[0] = operator.getitem(a, 1)
        out[1] = operator.getitem(t, 0) + operator.getitem(t, -1)
        out[2] = operator.getitem(m, (1, 2))
        row = operator.getitem(m, 0)
        out[3] = row[1] + len(row)
        out[4] = operator.getitem(a, a.size - 1)

    a = np.array([4.0, 5.0, 6.0])
    m = np.arange(6.0).reshape(2, 3)
    out = np.zeros(5)
    k[1, 1](a, m, out)
    assert out.tolist() == [5.0, 4.5, m[1, 2], m[0, 1] + 3, 6.0]


def test_operator_setitem_is_contains_as_their_syntax(jit):
    # numba-cuda compiles these operator functions: setitem(a, i, v) is
    # a[i] = v, is_/is_not are `is`/`is not`, contains(a, b) is `b in a`.
    from operator import contains, is_not, setitem

    @jit
    def k(a, m, x, out):
        setitem(a, 0, x)                      # a number cast to the array's dtype
        operator.setitem(m, (1, slice(None)), 7.0)
        setitem(out, slice(5, 7), -1.0)
        y = None
        if x > 2:
            y = x
        out[0] = is_not(y, None)
        out[1] = operator.is_(y, None)
        out[2] = contains((1.0, 2.5, 4.0), x)
        out[3] = contains(a, 9) + 2 * operator.contains(m, 7.0)
        out[4] = operator.is_(None, None)

    a = np.array([4, 5, 6], np.int32)
    m = np.arange(6.0).reshape(2, 3)
    out = np.zeros(7)
    k[1, 1](a, m, 2.5, out)
    assert a.tolist() == [2, 5, 6]            # int32(2.5) truncates, as numba's store
    assert m.tolist() == [[0.0, 1.0, 2.0], [7.0, 7.0, 7.0]]
    assert out.tolist() == [1.0, 0.0, 1.0, 2.0, 1.0, -1.0, -1.0]
    k[1, 1](a, m, 1.0, out)
    assert out[:4].tolist() == [0.0, 1.0, 1.0, 2.0]


def test_operator_forms_of_records_unrolled_copies_and_spread_arguments(jit):
    # A string constant is written in as the syntax has it (a record's field
    # name); each copy of a literal_unroll body has temporaries of its own
    # types (one shared would round 2**53 + 1 through float64); `*t` is spread
    # first, also through a device function's `f(*args)`; `...` indexes.
    from pyjit import literal_unroll

    @cuda.jit(device=True)
    def apply(f, *args):
        return f(*args)

    rec = np.dtype([("a", np.float64), ("b", np.int32)])
    field = "b"

    @jit
    def k(r, big, out, m):
        operator.setitem(r[0], "a", 2.5)
        name = "a"
        out[0] = operator.getitem(r[0], name)
        operator.setitem(r[1], field, 7)
        out[1] = operator.contains("abc", "b") + 2 * operator.contains("abc", "z")
        j = 0
        for v in literal_unroll((2**53 + 1, 2.5)):
            operator.setitem(big, j, v)
            big[j + 2] = operator.contains((2**53,), v)
            j += 1
        for a in literal_unroll((out, m)):    # a 1-d, then a 2-d array
            operator.setitem(a, 2, 9.0)
        t = (3, 4.0)
        operator.setitem(out, *t)
        apply(operator.setitem, out, 4, 5.0)
        out[5] = apply(operator.contains, (1, 2), 2)
        operator.setitem(m, ..., operator.getitem(out, ...)[0] + m[2, 0])

    r, big = np.zeros(2, rec), np.zeros(4, np.int64)
    out, m = np.zeros(6), np.zeros((3, 2))
    k[1, 1](r, big, out, m)
    assert r.tolist() == [(2.5, 0), (0.0, 7)]
    assert big.tolist() == [2**53 + 1, 2, 0, 0]
    assert out.tolist() == [2.5, 1.0, 9.0, 4.0, 5.0, 1.0]
    assert (m == 2.5 + 9.0).all()


def test_operator_item_forms_with_an_ellipsis_in_the_index_tuple(jit):
    @jit
    def k(out, m, i):
        operator.setitem(m, (i, ...), 2.0)
        operator.setitem(m, (..., 0), 5.0)
        out[0] = operator.getitem(m, (1, ...))[1]
        out[1] = operator.getitem(m, (..., 2))[0]

    m, out = np.zeros((2, 3)), np.zeros(2)
    k[1, 1](out, m, 1)
    expect = np.zeros((2, 3))
    expect[1, ...] = 2.0
    expect[..., 0] = 5.0
    assert m.tolist() == expect.tolist()
    assert out.tolist() == [expect[1, ...][1], expect[..., 2][0]]


def test_operator_dunder_aliases_are_the_functions(jit):
    # operator.__add__ is operator.add (the same object in Python), and so on.
    @jit
    def k(out, x):
        operator.__setitem__(out, 0, operator.__add__(x, 1.0))
        out[1] = operator.__contains__((1.0, 2.0), x)
        out[2] = operator.__not__(x)
        out[3] = operator.__and__(3, 5)
        out[4] = operator.__getitem__(out, 0) + operator.__neg__(x)
        out[5] = operator.__iadd__(x, 2.0)

    out = np.zeros(6)
    k[1, 1](out, 2.0)
    assert out.tolist() == [operator.add(2.0, 1.0), (2.0 in (1.0, 2.0)), not 2.0, 3 & 5,
                            3.0 - 2.0, 2.0 + 2.0]


@pytest.mark.parametrize("body, message", [
    ("operator.setitem(out, 0, v=x)", r"operator.setitem\(\) takes no keyword arguments"),
    ("operator.setitem(out, 0, math.sin)", r"operator.setitem\(\) of a function\(math.sin\) "
                                           r"\(it takes values\)"),
    ("operator.setitem(out, 0)", r"operator.setitem\(\) takes three arguments, the object, "
                                 r"the index and the value"),
    ("operator.is_(x)", r"operator.is_\(\) takes two arguments"),
    ("operator.setitem((1, 2), 0, x)", "cannot assign to an item of a value of type"),
    ("out[0] = operator.contains(np.sin, x)", r"operator.contains\(\) of a function"),
])
def test_operator_form_errors_point_at_the_call(jit, tmp_path, body, message):
    path = tmp_path / "k.py"
    path.write_text("import math\nimport operator\nimport numpy as np\nfrom pyjit import cuda\n"
                    f"def k(out, x):\n    {body}\n")
    ns = {}
    exec(compile(path.read_text(), str(path), "exec"), ns)
    kernel = jit(ns["k"])
    with pytest.raises(pyjit.CompileError, match=message) as info:
        kernel[1, 1](np.zeros(2), 1.0)
    assert "k.py:6:" in str(info.value)


def test_missing_items_and_negative_extents_raise_in_debug_mode(jit):
    @jit(debug=True, opt=False)
    def index_of(x, out):
        out[0] = (1, 2).index(x[0])

    with pytest.raises(ValueError, match=r"tuple.index\(x\): x not in tuple"):
        index_of[1, 1](np.array([7.0]), np.zeros(1, np.int64))

    @jit(debug=True, opt=False)
    def negative(n, out):
        for idx in np.ndindex(2, n):
            out[0] += 1

    with pytest.raises(ValueError, match="negative dimensions are not allowed"):
        negative[1, 1](-1, np.zeros(1, np.int64))

    @jit(debug=True, opt=False)
    def flat_item(a, i, out):
        out[0] = a.flat[i]

    @jit(debug=True, opt=False)
    def length(a, b, out):
        out[0] = len(range(a, b))

    with pytest.raises(OverflowError, match="Python int too large to convert to C ssize_t"):
        length[1, 1](-2**63, 2**63 - 1, np.zeros(1, np.int64))

    strided = np.arange(12.0).reshape(3, 4)[:, ::2]
    with pytest.raises(IndexError, match="index 6 is out of bounds for a.flat of size 6"):
        flat_item[1, 1](strided, 6, np.zeros(1))
    out = np.zeros(1)
    flat_item[1, 1](strided, -6, out)
    assert out[0] == strided.flat[-6]


@pytest.mark.parametrize("body, message", [
    ("it = np.ndindex(3)", r"np.ndindex\(\) is only supported as the iterable of a 'for' loop"),
    ("for i in np.ndindex(2.5):\n        pass",
     r"np.ndindex\(\) takes integer extents, or one tuple of them, not float64"),
    ("for i in np.ndenumerate(3):\n        pass", r"np.ndenumerate\(\) takes an array, not int64"),
    ("for i in np.nditer((a, a)):\n        pass", r"np.nditer\(\) takes an array, not"),
    ("r = a[:, ::2].ravel()", r"a.ravel\(\) of an array\(float64, 2d, A\) would copy it"),
    ("r = a[::2].ravel()", r"a.ravel\(\) of an array\(float64, 2d, A\) would copy it"),
    ("out[0] = a[:, ::2].flat[1.5]", r"is indexed by one integer"),
    ("out[0] = a in range(3)", r"'in' in kernels tests a number against a range, not an array"),
    ("out[0] = (1, 2).index(a)", r"cannot compare array\(float64, 2d, C\) and int64 \(element 0 "
                                 r"of the tuple\) with '=='"),
    ("out[0] = operator.getitem(a)", r"operator.getitem\(\) takes two arguments"),
])
def test_iteration_helper_errors(body, message, tmp_path):
    from kernel_files import compile_error
    source = "import operator\nimport numpy as np\n\ndef k(a, out):\n    %s\n" % body
    error = compile_error(tmp_path, "kern_iter", source, (np.zeros((2, 4)), np.zeros(1)), message)
    assert "kern_iter.py:5:" in str(error)


@cuda.jit(device=True)
def _advance(it):
    """next(it) in a device function: the caller's iterator moves on."""
    return next(it)


@cuda.jit(device=True)
def _sum_next(it, n):
    """The next n items of `it`, summed: recursive, so compiled as a function
    of its own that gets the iterator's position by reference."""
    if n == 0:
        return 0.0
    return next(it) + _sum_next(it, n - 1)


def test_iter_and_next_share_one_position(jit):
    # iter()/next() as numba compiles them: copies of an iterator share its
    # position (numba's iterators are references to their state), a for loop
    # over an iterator takes the same items next() would, and a loop left by
    # break leaves the rest. Expected values by hand (Python's semantics).
    @jit
    def k(a, m, out, ints):
        it = iter(a)
        out[0] = next(it) + next(it)          # 1 + 2
        it2 = it
        next(it2)                             # skips 3
        out[1] = next(it)                     # 4
        s = 0.0
        it = iter(a)                          # anew
        for v in it:
            s += v * next(it)                 # 1*2 + 3*4 + 5*6
        out[2] = s
        it = iter(a)
        for v in it:
            if v > 2:
                break
        out[3] = next(it)                     # 4
        n = 0
        for v in it:
            n += 1
        else:
            out[4] = n                        # 5, 6: 2
        rows = iter(m)
        r0 = next(rows)
        out[5] = r0[0] + next(rows)[1]        # 0 + 5
        it = iter(a)
        _advance(it)
        out[6] = _advance(it)                 # 2
        out[7] = _sum_next(it, 3)             # 3 + 4 + 5
        out[8] = next(iter(it))               # iter(it) is it: 6
        s = 0.0
        for i in range(3):
            it = iter(a)                      # made again in a loop: from the first item
            s += next(it)
        out[9] = s
        t = (iter(a), 10)
        next(t[0])
        out[10] = next(t[0]) + t[1]           # 2 + 10
        r = iter(range(3, 10, 2))
        ints[0] = next(r) * 10 + next(r)      # 35
        total = 0
        for x in r:
            total += x                        # 7 + 9
        ints[1] = total
        u = iter(range(np.uint64(2), np.uint64(2**63 + 5), np.uint64(2**62)))
        next(u)
        next(u)
        ints[2] = next(u)                     # 2 + 2**63, as uint64 bits
        t = iter((3, 5, 7, 9))                # numba's UniTuple iterator
        ints[3] = next(t)
        for v in t:
            ints[4] += v                      # 5 + 7 + 9
        pairs = iter(((1, 2), (3, 4)))
        first = next(pairs)
        ints[5] = first[1] * 10 + next(pairs)[0]   # 23
        ints[6] = _sum_next(iter((a[5], a[4], a[3])), 3)  # 6 + 5 + 4, by reference
        arrays = iter((a, m[1], a))           # arrays of one type: picked by the position
        next(arrays)
        ints[7] = next(arrays)[3] + next(arrays)[2]   # m[1, 3] + a[2]: 7 + 3

    a = np.arange(1.0, 7.0)
    m = np.arange(12.0).reshape(3, 4)
    out = np.zeros(11)
    ints = np.zeros(8, np.uint64)
    k[1, 1](a, m, out, ints)
    assert out.tolist() == [3.0, 4.0, 2 + 12 + 30, 4.0, 2, 5.0, 2.0, 12.0, 6.0, 3.0, 12.0]
    assert ints.tolist() == [35, 16, 2 + 2**63, 3, 21, 23, 15, 10]


def test_next_past_the_last_item_raises_stop_iteration(jit):
    @jit(debug=True)
    def k(a, n, out):
        it = iter(a)
        for i in range(n):
            out[0] += next(it)

    out = np.zeros(1)
    k[1, 1](np.arange(3.0), 3, out)
    assert out[0] == 3.0
    line = "test_iteration_helpers.py:%d:" % (k.py_func.__code__.co_firstlineno + 4)
    with pytest.raises(StopIteration, match=r"in kernel 'k' at .*%s" % line):
        k[1, 1](np.arange(3.0), 4, np.zeros(1))


def test_an_iterator_no_iter_made_raises_unbound_local_error(jit):
    # Python raises UnboundLocalError; the null position array was read
    # (a crash with opt=False).
    @jit(debug=True, opt=False)
    def k(a, out, n):
        if n > 0:
            it = iter(a)
        out[0] = next(it)

    @jit(debug=True)
    def loop(a, out, n):
        if n > 0:
            it = iter(range(5))
        for v in it:
            out[0] += v

    out = np.zeros(1)
    k[1, 1](np.arange(3.0) + 1, out, 1)
    loop[1, 1](np.arange(3.0), out, 1)
    assert out[0] == 1.0 + 10
    for kernel in (k, loop):
        with pytest.raises(UnboundLocalError, match="an iterator is used where no iter"):
            kernel[1, 1](np.arange(3.0), out, 0)


@pytest.mark.parametrize("body, message", [
    ("out[0] = next(iter(a), 0.0)", r"next\(\) with a default is not supported in kernels"),
    ("it = iter(5)", r"iter\(\) of an int64 is not supported in kernels"),
    ("it = iter((1, 2.5))", r"iter\(\) of a Tuple\(int64, float64\) is not supported in "
                            r"kernels \(of an array, a range, or a tuple of numbers, arrays or "
                            r"tuples of them, all of one type, it is\)"),
    ("it = iter((range(2), range(3)))", r"iter\(\) of a Tuple\(range_state64, range_state64\) "
                                        r"is not supported"),
    ("out[0] = next(a)", r"next\(\) takes an iterator \(made by iter\(\)\), not "
                         r"array\(float64, 1d, C\)"),
    ("for i, v in enumerate(iter(a)):\n        pass",
     r"an iterator made by iter\(\) inside enumerate\(\) or zip\(\) is not supported"),
    ("out[0] = len(iter(a))", r"len\(\) of an iter\(array\(float64, 1d, C\)\) is not supported"),
    ("out[0] = _iter_of(a)", r"cannot return an iterator \(iter\(array\(float64, 1d, C\)\)\)"),
])
def test_iterator_errors(body, message, tmp_path):
    from kernel_files import compile_error
    source = ("from pyjit import cuda\n\n@cuda.jit(device=True)\ndef _iter_of(x):\n"
              "    return iter(x)\n\ndef k(a, out):\n    %s\n" % body)
    error = compile_error(tmp_path, "kern_iterator", source, (np.zeros(3), np.zeros(1)), message)
    assert "kern_iterator.py:" in str(error)


def test_uint64_ranges_count_down_with_a_negative_step(jit):
    # A uint64 range's step is read as int64 bits, as numba reads it (its
    # rangeobj compares signed): range(np.uint64(5), np.uint64(0), -1) counts
    # down as Python does. Expected values from Python's range.
    @jit
    def k(out, hi, lo, st):
        for i in range(hi, lo, -1):
            out[0] += i
        for i in iter(range(hi, lo, -1)):
            out[1] += i
        out[2] = len(range(hi, lo, -2))
        out[3] = (np.uint64(3) in range(hi, lo, -1)) + 2 * (np.uint64(0) in range(hi, lo, -1))
        for i in range(lo, hi, st):
            out[4] += i
        for i in range(hi, lo, -st):
            out[5] += i
        out[6] = next(iter(range(np.uint64(10), np.uint64(0), -3)))

    out = np.zeros(7, np.uint64)
    k[1, 1](out, np.uint64(5), np.uint64(0), np.uint64(2))
    assert out.tolist() == [sum(range(5, 0, -1)), sum(range(5, 0, -1)), len(range(5, 0, -2)),
                            (3 in range(5, 0, -1)) + 2 * (0 in range(5, 0, -1)),
                            sum(range(0, 5, 2)), sum(range(5, 0, -2)), 10]


def test_conditional_expressions_choose_range_slice_flat_and_iterator_objects(jit):
    # numba unifies these when both branches have one type; they were refused
    # ("do not unify") though the types were the same. Expected by Python.
    @jit
    def k(a, out, c):
        r = range(3) if c else range(5, 9)
        for v in r:
            out[0] += v
        s = slice(1, None) if c else slice(None, 2)
        out[1] = a[s].sum()
        f = a.reshape(3, 1)[::2].flat if c else a.reshape(3, 1)[1:][::2].flat
        out[2] = f[0]
        it = iter(a)
        next(it)
        j = it if c else iter(a)
        out[3] = next(j)

    a = np.arange(3.0) + 1
    for c in (1, 0):
        out = np.zeros(4)
        k[1, 1](a, out, c)
        assert out.tolist() == [sum(range(3) if c else range(5, 9)),
                                a[slice(1, None) if c else slice(None, 2)].sum(),
                                a[0] if c else a[1], a[1] if c else a[0]]


def test_loops_over_tuples_of_range_slice_and_iterator_objects(jit):
    # An unrolled loop's variable holds one element per pass, as an
    # assignment would (numba accepts these; pyjit said they did not unify).
    @jit
    def k(a, b, out):
        for it in (iter(a), iter(b)):
            out[0] += next(it)
        for r in (range(3), range(10, 12)):
            for v in r:
                out[1] += v
        for s in (slice(0, 2), slice(1, None)):
            out[2] += a[s].sum()

    a, b = np.arange(3.0), np.arange(3.0) + 10
    out = np.zeros(3)
    k[1, 1](a, b, out)
    assert out.tolist() == [a[0] + b[0], sum(range(3)) + sum(range(10, 12)),
                            a[0:2].sum() + a[1:].sum()]
