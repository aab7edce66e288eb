"""numba's Optional: device functions that return a number on some paths and
None on others (explicitly, or by reaching their end), and variables assigned
both. `x is None` is tested at run time; reading x as a number takes its
value, and None there is numba's TypeError: the thread stops, reported in
debug mode. Expected values from numpy or by hand."""
import math
from collections import namedtuple

import numpy as np
import pytest

import pyjit
from pyjit import cuda


@pyjit.jit(nopython=True)
def compute_bin(x, n, xmin, xmax):
    # numba/numba-examples, examples/density_estimation/histogram/gpu.py
    if x == xmax:
        return n - 1
    bin = np.int32(n * (np.float64(x) - np.float64(xmin)) / (np.float64(xmax) - np.float64(xmin)))
    if bin < 0 or bin >= n:
        return None
    else:
        return bin


@cuda.jit(device=True)
def first_escape(c, iters):
    z = 0j
    for i in range(iters):
        z = z * z + c
        if abs(z) > 2:
            return i


@cuda.jit(device=True)
def half_or_none(x):
    if x % 2 == 0:
        return x // 2
    if x < 0:
        return None
    return x * 0.5          # int64 and float64 returns: OptionalType(float64)


def test_numba_examples_histogram_skips_none(jit):
    @jit
    def histogram(x, xmin, xmax, out):
        nbins = out.shape[0]
        start = cuda.grid(1)
        stride = cuda.gridsize(1)
        for i in range(start, x.shape[0], stride):
            b = compute_bin(x[i], nbins, xmin, xmax)
            if b >= 0 and b < out.shape[0]:   # None here stops that thread
                cuda.atomic.add(out, b, 1)

    rng = np.random.default_rng(7)
    x = rng.uniform(-0.5, 1.5, 256)
    x[:2] = [0.0, 1.0]
    out = np.zeros(10, np.int32)
    histogram[2, 128](x, 0.0, 1.0, out)
    # The host runs the same function as Python (np.int32 truncates toward
    # zero, so -0.05 is bin 0, as in numba): count what it does not call None.
    bins = [compute_bin(v, 10, 0.0, 1.0) for v in x]
    expected = np.bincount([b for b in bins if b is not None], minlength=10)
    assert sum(b is None for b in bins) > 0
    np.testing.assert_array_equal(out, expected)


def test_reaching_the_end_returns_none_and_is_none_tests_it(jit):
    @jit
    def escape_times(cs, out):
        i = cuda.grid(1)
        if i < cs.size:
            n = first_escape(cs[i], 20)
            out[i] = 255 if n is None else n

    cs = np.array([1 + 1j, 0j, 2 + 0j, -1 + 0j])
    out = np.zeros(4, np.uint8)
    escape_times[1, 4](cs, out)

    def ref(c):
        z = 0j
        for i in range(20):
            z = z * z + c
            if abs(z) > 2:
                return i
        return 255
    assert out.tolist() == [ref(c) for c in cs]


def test_optional_promotes_its_values_and_tests_flags(jit):
    @jit
    def k(xs, out, present):
        i = cuda.grid(1)
        if i < xs.size:
            v = half_or_none(xs[i])
            present[i] = v is not None
            if v is not None:
                out[i] = v

    xs = np.array([4, 3, -3, -4, 0])
    out = np.full(5, -9.0)
    present = np.zeros(5, np.bool_)
    k[1, 5](xs, out, present)
    assert present.tolist() == [True, True, False, True, True]
    assert out.tolist() == [2.0, 1.5, -9.0, -2.0, 0.0]


def test_reading_none_as_a_number_raises_type_error_in_debug_mode(jit):
    def k(xs, out):
        i = cuda.grid(1)
        if i < xs.size:
            out[i] = half_or_none(xs[i]) + 1.0

    xs = np.array([4, -3])
    out = np.full(2, -9.0)
    jit(k)[1, 2](xs, out)
    assert out.tolist() == [3.0, -9.0]   # the second thread stopped at None
    with pytest.raises(TypeError, match="expected float64, got None"):
        jit(k, debug=True)[1, 2](xs, out)


def test_a_read_inside_an_is_none_decided_when_compiling_still_checks(jit):
    # `(y + 1) is None` is False by the types, but Python computes y + 1
    # first: None there is numba's TypeError, as in any other read.
    def k(xs, out):
        i = cuda.grid(1)
        if i < xs.size:
            out[i] = (half_or_none(xs[i]) + 1.0) is None
            out[i] += 10.0

    xs = np.array([4, -3])
    out = np.full(2, -9.0)
    jit(k)[1, 2](xs, out)
    assert out.tolist() == [10.0, -9.0]   # the second thread stopped at None
    with pytest.raises(TypeError, match="expected float64, got None"):
        jit(k, debug=True)[1, 2](xs, out)


@cuda.jit(device=True)
def array_or_none(a, flag):
    if flag:
        return a
    return None


@cuda.jit(device=True)
def pair_or_none(a, flag):
    if flag:
        return (a, a)
    return None


@cuda.jit(device=True)
def find_row(m, key):
    for i in range(m.shape[0]):
        if m[i, 0] == key:
            return m[i]
    return None


def test_an_array_or_none(jit):
    # numba's Optional(array): a device function's row or None, and a local
    # assigned None and then maybe a view (numba-cuda's test_optional_array).
    @jit
    def k(m, keys, out):
        t = cuda.grid(1)
        if t < keys.size:
            row = find_row(m, keys[t])
            out[t] = -1.0 if row is None else row[1]
            last = None
            for i in range(m.shape[0]):
                if m[i, 0] < keys[t]:
                    last = m[i]
            if last is not None:
                out[t] += 1000 * last.size + last[0]

    m = np.array([[1.0, 10.0], [2.0, 20.0], [3.0, 30.0]])
    keys = np.array([2.0, 5.0, 1.0])
    out = np.zeros(3)
    k[1, 3](m, keys, out)
    assert out.tolist() == [20.0 + 2001.0, -1.0 + 2003.0, 10.0]


def test_an_array_read_where_it_is_none_raises_in_debug_mode(jit):
    @jit(debug=True)
    def k(out, flag):
        out[0] = array_or_none(out, flag)[1]

    out = np.array([0.0, 5.0])
    k[1, 1](out, True)
    assert out[0] == 5.0
    with pytest.raises(TypeError, match=r"expected array\(float64, 1d, C\), got None"):
        k[1, 1](out, False)


def test_what_optional_does_not_hold_is_an_error():
    def k(out, flag):
        out[0] = pair_or_none(out, flag)[0][0]

    with pytest.raises(pyjit.CompileError, match="returns a value here but None on another "
                                                 "path .numba's Optional holds a number, a bool "
                                                 "or an array, not Tuple"):
        cuda.compile_ptx(k, "void(float64[:], bool)")

    def compare(out, x):
        v = half_or_none(x)
        out[0] = v < None

    with pytest.raises(pyjit.CompileError, match="may be None .OptionalType.float64.. is "
                                                 "compared with None only"):
        cuda.compile_ptx(compare, "void(float64[:], int64)")


def test_augmented_assignment_of_an_optional(jit):
    # (It crashed the compiler: the variable was read without its flag.)
    @jit
    def k(xs, out):
        i = cuda.grid(1)
        if i < xs.size:
            v = half_or_none(xs[i])
            v += 10
            v *= 2
            out[i] = v

    xs = np.array([4, -3, 3])
    out = np.full(3, -9.0)
    k[1, 3](xs, out)
    assert out.tolist() == [24.0, -9.0, 23.0]


@cuda.jit(device=True)
def or_default(v, default):
    if v is None:
        return default
    return v


@cuda.jit(device=True)
def positive(x):
    if x > 0:
        return x


@cuda.jit(["float64(float64)"], device=True)
def declared(x):
    if x > 0:
        return x * 2.0
    return None


def test_optionals_pass_to_functions_and_choose_in_conditional_expressions(jit):
    # numba passes the Optional itself (the callee tests `is None`), and
    # `x if c else None` is Optional too.
    @jit
    def k(xs, out):
        i = cuda.grid(1)
        if i < xs.size:
            v = positive(xs[i])
            out[i, 0] = or_default(v, -100)
            w = xs[i] * 10 if xs[i] % 2 == 0 else None
            out[i, 1] = -1 if w is None else w
            out[i, 2] = declared(xs[i] * 1.0)   # a declared float64 result: None stops

    xs = np.array([4, -3, 3])
    out = np.full((3, 3), 7.0)
    k[1, 3](xs, out)
    assert out.tolist() == [[4, 40, 8], [-100, -1, 7], [3, -1, 6]]


@cuda.jit(device=True)
def doubled_if_right(z):
    if z.real > 0:
        return z * 2


@cuda.jit(device=True)
def first_or(t, default):
    if t[0] is None:
        return default
    return t[0]


@cuda.jit(device=True)
def positive_and_double(x):
    return positive(x), x * 2


def test_tuples_hold_optionals(jit):
    # numba's Tuple(OptionalType(int64), int64): built, unpacked, indexed
    # with constants, passed to and returned from device functions
    # (a compound-prism optimizer returns `found, x, best` so).
    @jit
    def k(xs, out):
        i = cuda.grid(1)
        if i < xs.size:
            t = (positive(xs[i]), 1)
            out[i, 0] = -1 if t[0] is None else t[0] + t[1]
            a, b = positive_and_double(xs[i])
            out[i, 1] = first_or((a, b), -5)
            u = (1.0, 2.0)
            if xs[i] > 2:
                u = (positive(xs[i] * 1.0), 3.0)
            out[i, 2] = u[0] + u[1]
            s = positive_and_double(xs[i])
            out[i, 3] = s[1] if s[0] is None else s[0] * 100

    xs = np.array([4, -3, 3])
    out = np.full((3, 4), 9.0)
    k[1, 3](xs, out)
    assert out.tolist() == [[5, 4, 7, 400], [-1, -5, 3, -6], [4, 3, 6, 300]]

    @jit
    def read_as_a_number(xs, out):
        t = (positive(xs[0]), 1)
        out[0] = t[0]  # None: numba's TypeError, stopping the thread

    one = np.zeros(1)
    read_as_a_number[1, 1](np.array([-2]), one)
    assert one[0] == 0

    @jit
    def chosen(out, n):
        t = (n, 1) if n > 2 else (None, 2)  # Tuple(OptionalType(int64), int64)
        out[0] = -1 if t[0] is None else t[0]
        out[1] = t[1]

    pair = np.zeros(2)
    chosen[1, 1](pair, 3)
    assert pair.tolist() == [3, 1]
    chosen[1, 1](pair, 1)
    assert pair.tolist() == [-1, 2]


Span = namedtuple("Span", ["lo", "width"])


def test_named_tuple_fields_hold_optionals(jit):
    # numba's NamedTuple(OptionalType(int64), float64): pyjit read the field
    # as a number while building it, so a None stopped the thread silently.
    @jit
    def k(xs, out):
        i = cuda.grid(1)
        if i < xs.size:
            s = Span(positive(xs[i]), 2.0)
            out[i, 0] = -1 if s.lo is None else s.lo * 10
            t = Span(width=0.5, lo=positive(xs[i] - 1))
            lo, width = t
            out[i, 1] = width if lo is None else lo + width
            out[i, 2] = s.width

    xs = np.array([4, -3, 1])
    out = np.full((3, 3), 9.0)
    k[1, 3](xs, out)
    assert out.tolist() == [[40, 3.5, 2], [-1, 0.5, 2], [10, 0.5, 2]]

    @jit
    def nested(xs, out):
        n = Span(None, 1.0)  # a field that is None, and one holding a Span
        out[0] = 1.0 if n.lo is None else 0.0
        q = Span(Span(positive(xs[0]), 1.0), 2.0)
        out[1] = -1.0 if q.lo.lo is None else q.lo.lo
        out[2] = q.width + n.width

    two = np.zeros(3)
    nested[1, 1](np.array([3]), two)
    assert two.tolist() == [1.0, 3.0, 3.0]
    nested[1, 1](np.array([-3]), two)
    assert two.tolist() == [1.0, -1.0, 3.0]


@pytest.mark.parametrize("dtype", [np.complex128, np.complex64])
def test_optional_complex(jit, dtype):
    # numba's Optional holds complex numbers too (SU(2) lattice code returns
    # a complex trace or nothing).
    @jit
    def k(zs, out, flag):
        i = cuda.grid(1)
        if i < zs.size:
            v = doubled_if_right(zs[i])
            out[i, 0] = 0 if v is None else v
            w = zs[i] if flag else None
            if w is not None:
                out[i, 1] = abs(w) + w.imag
            y = doubled_if_right(zs[i])
            if y is not None:
                y += 1
                out[i, 2] = y

    zs = np.array([1 + 2j, -3 + 1j, 2 - 1j], dtype)
    out = np.full((3, 3), 9, dtype)
    k[1, 3](zs, out, True)
    expect = [[z * 2 if z.real > 0 else 0, abs(z) + z.imag, z * 2 + 1 if z.real > 0 else 9]
              for z in zs.astype(np.complex128)]
    np.testing.assert_allclose(out, np.array(expect, dtype), rtol=1e-6)


@cuda.jit(device=True)
def nothing(x):
    pass


@cuda.jit(["float64(optional(float64))"], device=True)
def or_minus_one(v):
    if v is None:
        return -1.0
    return v


def test_conditional_expressions_of_none_inside_expressions(jit):
    # (They crashed the compiler when not assigned first.)
    @jit
    def k(xs, out):
        i = cuda.grid(1)
        if i < xs.size:
            x = xs[i]
            out[i, 0] = math.sqrt(x if x > 0 else None) + 1
            out[i, 1] = min(x if x > 0 else nothing(x), 100)
            out[i, 2] = 5 if (None if x > 0 else None) is None else 6
            out[i, 3] = or_minus_one(x * 1.0 if x > 0 else None)

    xs = np.array([4.0, -1.0])
    out = np.full((2, 4), 7.0)
    k[1, 2](xs, out)
    assert out[0].tolist() == [3.0, 4.0, 5.0, 4.0]
    assert out[1].tolist() == [7.0, 7.0, 7.0, 7.0]   # stopped at the first None read


def test_optional_signature_print_and_compile_alone():
    def k(out, x):
        print(positive(x))

    with pytest.raises(pyjit.CompileError, match=r"print\(\) of an OptionalType\(int64\)"):
        cuda.compile_ptx(k, "void(int64[:], int64)")
    assert str(pyjit.types.optional(pyjit.float64)) == "OptionalType(float64)"
    with pytest.raises(pyjit.CompileError, match="returns None on some paths"):
        cuda.compile_ptx(declared, "float64(float64)", device=True)


def test_debug_mode_names_the_line_of_the_read(jit):
    def k(xs, out):
        i = cuda.grid(1)
        out[i] = math.sqrt(half_or_none(xs[i]))

    with pytest.raises(TypeError, match=r"expected float64, got None in kernel 'k' at .*"
                                        r"test_optional.py:%d:" % (k.__code__.co_firstlineno + 2)):
        jit(k, debug=True)[1, 2](np.array([4, -3]), np.zeros(2))
