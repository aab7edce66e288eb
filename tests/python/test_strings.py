"""Arrays of bytes and str (dtype S12, <U12) and string fields of records:
their items are numba's CharSeq / UnicodeCharSeq; and string variables that
hold one of several constants at run time. Expected values come from NumPy
(its assignment cuts, its items ignore trailing NULs) and Python."""
import enum

import numpy as np
import pytest

import pyjit
from kernel_files import load_module
from pyjit import cuda


@pytest.mark.parametrize("dtype, text", [("<U12", "XYZ"), ("S12", b"XYZ")])
def test_a_string_constant_stored_into_items(jit, dtype, text):
    # numba-cuda's test_const_string: arr[i] = "XYZ" for str and bytes arrays.
    @jit
    def assign(arr):
        i = cuda.grid(1)
        if i < len(arr) - 1:
            arr[i] = "XYZ"

    arr = np.zeros(9, dtype)
    assign[1, 8](arr)
    expected = np.zeros_like(arr)
    expected[:-1] = text
    np.testing.assert_array_equal(arr, expected)


@pytest.mark.parametrize("kind", ["<U12", "S12"])
def test_a_string_constant_stored_into_a_record_field(jit, kind):
    # numba-cuda's test_assign_const_string_in_record / _bytes_in_record.
    @jit
    def f(a):
        a[0]['x'] = 1
        a[0]['y'] = 'ABC'
        a[1]['x'] = 2
        a[1]['y'] = 'XYZ'

    dt = np.dtype([('x', np.int32), ('y', np.dtype(kind))])
    a = np.zeros(2, dt)
    d = cuda.to_device(a)
    f[1, 1](d)
    a = d.copy_to_host()
    expected = np.zeros(2, dt)
    expected[0] = (1, 'ABC' if kind[0] == "<" else b'ABC')
    expected[1] = (2, 'XYZ' if kind[0] == "<" else b'XYZ')
    np.testing.assert_array_equal(a, expected)


def test_items_copied_between_lengths_are_cut_or_padded(jit):
    @jit
    def copy(a, b):
        i = cuda.grid(1)
        if i < a.size:
            b[i] = a[i]

    a = np.array(["hello", "wo", "", "abcdefghijkl", "é日本"], "<U12")
    for dtype in ("<U12", "<U3", "<U20"):
        b = np.full(5, "#" * int(dtype[2:]), dtype)  # every character overwritten
        copy[1, 5](a, b)
        np.testing.assert_array_equal(b, a.astype(dtype))
    s = np.array([b"hello", b"xy\x00z", b"\xff"], "S8")
    t = np.full(3, b"#" * 10, "S10")
    copy[1, 3](s, t)
    np.testing.assert_array_equal(t, s.astype("S10"))


def test_items_compare_and_have_a_length_as_numpy_reads_them(jit):
    @jit
    def compare(a, b, eq, ne, lens, lit):
        i = cuda.grid(1)
        if i < a.size:
            eq[i] = a[i] == b[i]
            ne[i] = a[i] != b[i]
            lens[i] = len(a[i])
            lit[i] = a[i] == "héllo" or "wo" == a[i]

    # Items of other lengths, trailing NULs, an embedded NUL, non-ASCII text.
    a = np.array(["héllo", "wo", "", "ab\0d", "x", "abc"], "<U8")
    b = np.array(["héllo", "wa", "", "ab\0d", "x\0", "abcd"], "<U5")
    n = len(a)
    eq, ne, lit = np.zeros(n, bool), np.zeros(n, bool), np.zeros(n, bool)
    lens = np.zeros(n, np.int64)
    compare[1, n](a, b, eq, ne, lens, lit)
    np.testing.assert_array_equal(eq, a == b)
    np.testing.assert_array_equal(ne, a != b)
    np.testing.assert_array_equal(lens, [len(s) for s in a])
    np.testing.assert_array_equal(lit, [s in ("héllo", "wo") for s in a])
    s = np.array([b"ab", b"", b"\xffz", b"q"], "S4")
    t = np.array([b"ab", b"x", b"\xffz", b"q\0"], "S3")
    eq, ne, lit = np.zeros(4, bool), np.zeros(4, bool), np.zeros(4, bool)
    lens = np.zeros(4, np.int64)
    compare[1, 4](s, t, eq, ne, lens, lit)
    np.testing.assert_array_equal(eq, s == t)
    np.testing.assert_array_equal(lens, [len(x) for x in s])
    # A bytes item never equals a str (np.bytes_(b"wo") == "wo" is False).
    np.testing.assert_array_equal(lit, [x in ("héllo", "wo") for x in s])
    s[1] = b"wo"
    compare[1, 4](s, t, eq, ne, lens, lit)
    assert not lit.any()


def test_items_are_values_in_variables_and_device_functions(jit):
    @cuda.jit(device=True)
    def pick(x, y, first):
        if first:
            return x
        return y

    @jit
    def k(a, b, out, flags):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = pick(a[i], b[i], flags[i])
            if out[i] == "":
                out[i] = "empty"
        if i == 0:
            t = a[0]            # a copy: the store below leaves it as it was
            a[0] = a[1]
            a[1] = t

    a = np.array(["aa", "bb", ""], "<U4")
    b = np.array(["cc", "dd", ""], "<U4")
    out = np.zeros(3, "<U5")
    k[1, 1](a, b, out, np.array([True, False, True]))
    assert out[0] == "aa"
    assert list(a) == ["bb", "aa", ""]


@pytest.mark.parametrize("body, message", [
    ("a[0] = 5", "cannot store a value of type int64 into an array of [unichr x 4] (it takes "
                 "a string constant or a str item)"),
    ("x[0] = a[0] < a[1]", "bytes and str items compare with '==' and '!=' in kernels"),
    ("x[0] = a[0] == 3", "cannot compare a [unichr x 4] with a value of type int64"),
    ("x[0] = a[0] + 'b'", "unsupported operand types for +: [unichr x 4] and str"),
    ("b[0] = '日本'", "the string '日本' has characters a bytes item cannot hold"),
    ("a[0] = b[0]", "cannot store a value of type [char x 4] into an array of [unichr x 4]"),
])
def test_misuse_of_items_is_named(tmp_path, body, message):
    module = load_module(tmp_path, "k", "from pyjit import cuda\n\n@cuda.jit\n"
                                        "def k(a, b, x):\n    %s\n" % body)
    with pytest.raises(pyjit.CompileError) as err:
        cuda.compile_ptx(module.k, "void(array([unichr x 4], 1d, C), array([char x 4], 1d, C), "
                                   "array(float64, 1d, C))")
    assert message in str(err.value)
    assert "k.py:5:" in str(err.value)


def test_device_arrays_of_strings_and_their_views(jit):
    @jit
    def up(a, out):
        i = cuda.grid(1)
        if i < a.size:
            out[i] = a[i] == "b"
            if a[i] != "c":
                a[i] = "zz"
            else:
                a[i] = "y"

    a = np.array(["a", "b", "c", "d"], "<U3")
    d = cuda.to_device(a)
    out = cuda.device_array(4, np.bool_)
    up[1, 4](d, out)
    np.testing.assert_array_equal(out.copy_to_host(), [False, True, False, False])
    np.testing.assert_array_equal(d.copy_to_host(), ["zz", "zz", "y", "zz"])
    d.copy_to_device(a)
    up[1, 2](d[2:], out[:2])  # a view: items "c" and "d"
    np.testing.assert_array_equal(d.copy_to_host(), ["a", "b", "y", "zz"])
    if jit is cuda.jit:  # a strided view (of GPU memory: the CPU backend takes it contiguous)
        d.copy_to_device(a)
        up[1, 2](d[::2], out[:2])  # items "a" and "c"
        np.testing.assert_array_equal(d.copy_to_host(), ["zz", "b", "y", "d"])


def test_the_truth_of_an_item_is_its_being_non_empty(jit):
    @jit
    def k(a, out):
        i = cuda.grid(1)
        if i < a.size:
            out[i, 0] = not a[i]
            out[i, 1] = 1 if a[i] else 0
            n = 0
            while a[i]:      # emptied on the first pass
                a[i] = ""
                n += 1
            out[i, 2] = n

    a = np.array(["", "x", "\0\0", "ab\0"], "<U3")
    expected = [[not s, bool(s), bool(s)] for s in a]
    out = np.zeros((4, 3), np.int64)
    k[1, 4](a, out)
    np.testing.assert_array_equal(out, expected)
    assert list(a) == [""] * 4


@cuda.jit(device=True)
def _code(s):
    if s == "a":
        return 1
    if s == "":
        return 2
    return 3


@cuda.jit(device=True)
def _sign_name(x):
    if x > 0:
        return "pos"
    return "neg"


def _tags(v):
    # The kernel below, in Python: the expected values.
    kind = "a"
    if v > 0:
        kind = ""
    if v > 5:
        kind = "z"
    code = 1 if kind == "a" else 2 if kind == "" else 3
    w = "x" if v > 0 else "y"
    s = "a"
    for j in range(3):
        if j == 1:
            s = "b"
    return [code, kind == "z", kind != "a", 1 if kind else 0, w == "y",
            ("pos" if v > 0 else "neg") == "neg", s == "b", kind == w,
            kind in ("z", "a"), kind not in ("", 3), 1 if v > 0 else 12,
            5 if kind == "z" else 0]


def test_strings_known_at_run_time(jit):
    # A variable that different strings reach on different paths (a ray
    # tracer's `hit = "t"` / `"l"`), a conditional expression of strings
    # and a device function returning strings: numba-cuda's unicode_type
    # values, compared with == and !=, tested for truth, passed on.
    @jit
    def k(vals, out):
        i = cuda.grid(1)
        if i < vals.size:
            kind = "a"
            if vals[i] > 0:
                kind = ""
            if vals[i] > 5:
                kind = "z"
            out[i, 0] = _code(kind)
            out[i, 1] = kind == "z"
            out[i, 2] = kind != "a"
            out[i, 3] = 1 if kind else 0
            w = "x" if vals[i] > 0 else "y"
            out[i, 4] = w == "y"
            out[i, 5] = _sign_name(vals[i]) == "neg"
            s = "a"
            for j in range(3):
                if j == 1:
                    s = "b"
            out[i, 6] = s == "b"
            out[i, 7] = kind == w
            out[i, 8] = kind in ("z", "a")
            out[i, 9] = kind not in ("", 3)
            t = ("p", 1) if vals[i] > 0 else ("q", 2)  # tuples holding them
            out[i, 10] = (t[0] == "q") * 10 + t[1]
            match kind:
                case True:  # a string is no bool: no match
                    out[i, 11] = -1
                case "z":
                    out[i, 11] = 5

    vals = np.array([-1.0, 1.0, 10.0])
    out = np.zeros((3, 12))
    k[1, 3](vals, out)
    assert out.tolist() == [_tags(v) for v in vals]

    @jit
    def measured(vals, out):
        kind = "a"
        if vals[0] > 0:
            kind = "bb"
        out[0] = len(kind)

    with pytest.raises(pyjit.CompileError, match=r"len\(\) of a str is not supported"):
        measured[1, 1](vals, out)

    @jit
    def recursing(vals, out):
        tag = "a"
        if vals[0] > 0:
            tag = "z"
        out[0] = _walk(3, tag)

    # (It crashed: a recursive function's parameters are not such strings.)
    with pytest.raises(pyjit.CompileError, match="a recursive device function takes numbers"):
        recursing[1, 1](vals, out)


@cuda.jit(device=True)
def _walk(n, tag):
    if n <= 0:
        return 1 if tag == "z" else 0
    return _walk(n - 1, tag)


def test_bytes_never_equal_strings(jit):
    # b"a" == "a" is False in Python; a bytes literal is typed bytes.
    @jit
    def k(out, x):
        kind = "a"
        if x[0] > 0:
            kind = "b"
        out[0] = kind == b"a"
        out[1] = b"q" == "q"
        out[2] = b"q" == b"q"
        match kind:
            case b"a":
                out[3] = 1
            case "a":
                out[3] = 2

    out = np.zeros(4)
    k[1, 1](out, np.array([-1.0]))
    assert out.tolist() == [0, 0, 1, 2]


class _Color(enum.StrEnum):
    RED = "red"
    BLUE = "blue"


class _Mixed(int, enum.Enum):
    A = 1
    B = 2


class _Flag(enum.IntFlag):
    NONE = 0
    A = 1
    B = 2


_PREC = "float32"  # a str global whose text names a dtype
_DTYPES = ("float64", "int32")


def test_str_globals_are_strings_and_name_dtypes_where_one_is_taken(jit):
    # Python's values: a str global (even one that spells a dtype) and a
    # StrEnum member compare as their text; an (int, Enum) or IntFlag member is
    # an int (numba types an IntFlag int64; Flag 0 is false). Where
    # a dtype is taken, the text names one (numba's parse_dtype of a string
    # literal).
    @jit
    def k(out, x):
        out[0] = _PREC == "float32"
        out[1] = _PREC != "float32"
        out[2] = _Color.RED == "red"
        out[3] = _Color.RED == _Color.BLUE
        out[4] = _Color.BLUE != "red"
        out[5] = _Mixed.A | _Mixed.B
        out[6] = (_Mixed.B == 2) + 2 * (_Flag.A | _Flag.B == 3) + 4 * (1 if _Flag.NONE else 0)
        out[7] = len(_PREC)
        out[8] = _DTYPES[1] == "int32"
        t = cuda.local.array(2, _PREC)
        t[0] = 1.1                         # rounded to float32
        out[9] = t[0]
        out[10] = x.view(_DTYPES[1])[1]    # the high word of 1.0
        out[11] = x.sum(dtype=_DTYPES[0])

    out = np.zeros(12)
    k[1, 1](out, np.array([1.0, 0.0]))
    expected = [True, False, True, False, True, 3, 3, 7, True,
                np.float32(1.1), np.array([1.0]).view(np.int32)[1], 1.0]
    np.testing.assert_array_equal(out, expected)


@cuda.jit(device=True)
def _apply(op, a, b):
    if op == "add":
        return a + b
    if op == "mul":
        return a * b
    return a[0]  # does not compile for numbers: pruned when op is a constant


def test_literal_unroll_over_strings_keeps_them_constant(jit):
    # Each copy of the loop body has its string as a compile-time value, so
    # the device function's branches are decided per copy (numba's
    # literal_unroll over a tuple of string literals).
    @jit
    def k(out, x):
        total = 0.0
        for op in pyjit.literal_unroll(("add", "mul")):
            total += _apply(op, x[0], 3.0)
        out[0] = total

    out = np.zeros(1)
    k[1, 1](out, np.array([2.0]))
    assert out[0] == (2.0 + 3.0) + (2.0 * 3.0)


_DEBUG = False


def test_a_string_chosen_by_a_branch_decided_when_compiling_is_a_constant(jit):
    # The branch not taken is not compiled, so the string is the one constant
    # that reaches the store (it was held at run time and refused).
    @jit
    def k(b):
        b[0] = "xyz" if True else "abc"
        if _DEBUG:
            s = "xyz"
        else:
            s = "abc"
        b[1] = s

    b = np.zeros(2, "S3")
    k[1, 1](b)
    assert b.tolist() == [b"xyz", b"abc"]


_N = 8


def test_a_string_chosen_by_a_comparison_of_constants_is_a_constant(jit):
    # `if PREC == "float32":` and `if N > 4:` are decided when compiling
    # (numba prunes them too): the string assigned in the branch taken is the
    # one constant that reaches the dtype and the store.
    @jit
    def k(out, b):
        if _PREC == "float32":
            dt = "float32"
        else:
            dt = "float64"
        a = cuda.local.array(1, dt)
        a[0] = 1.1
        out[0] = a[0]
        if _N > 4:
            s = "big"
        else:
            s = "sml"
        b[0] = s
        if _DEBUG is False and _N == 8:
            t = "yes"
        else:
            t = "no"
        b[1] = t

    out, b = np.zeros(1), np.zeros(2, "S3")
    k[1, 1](out, b)
    assert out[0] == np.float32(1.1) and b.tolist() == [b"big", b"yes"]


_OPS = ("add", "mul", "sub")
_WEIGHTS = (2.0, 3.0, 4.0)


@cuda.jit(device=True)
def _step(op, a, b):
    match op:               # (op known at run time: every case is compiled)
        case "add":
            return a + b
        case "mul":
            return a * b
        case _:
            return a - b


@cuda.jit(device=True)
def _count(ops, key):
    n = 0
    for o in ops:
        if o == key:
            n += 1
    return n + (10 if key in ops else 0)


def test_loops_and_run_time_indexes_over_tuples_of_strings(jit):
    # Python's values, worked by hand: each loop variable holds one of the
    # tuple's strings.
    @jit
    def k(out, x):
        acc = 1.0
        for j, op in enumerate(_OPS):
            acc = _step(op, acc, _WEIGHTS[j])
        out[0] = acc                         # ((1 + 2) * 3) - 4
        s = 0.0
        for op, w in zip(_OPS, _WEIGHTS):
            match op:
                case "add":
                    s += w
                case "mul":
                    s *= w
                case _:
                    s -= w
        out[1] = s                           # ((0 + 2) * 3) - 4
        i = int(x[0])
        out[2] = _OPS[i] == "sub"            # i = -1: the last
        out[3] = _OPS[i + 2] == "mul"
        t = ("p", "q")
        last = "none"
        for v in t:
            if v == "q":
                break
            last = v
        out[4] = last == "p"
        out[5] = ("q" in t) + 2 * ("z" not in _OPS) + 4 * ("mul" in _OPS)
        out[6] = _count(("a", "b", "a"), "a") + _count(("a", "b"), "z")
        u = "b" if x[0] > 0 else "a"
        out[7] = _count((u, "b"), "b")

    out = np.zeros(8)
    k[1, 1](out, np.array([-1.0]))
    assert out.tolist() == [5, 2, 1, 1, 1, 7, 12, 11]


def test_a_run_time_index_past_a_tuple_of_strings_raises_with_debug(tmp_path):
    module = load_module(tmp_path, "k", "from pyjit import cuda\nOPS = ('a', 'b')\n\n"
                                        "@cuda.jit(debug=True, opt=False)\n"
                                        "def k(out, i):\n    out[0] = OPS[i] == 'a'\n")
    out = np.zeros(1)
    with pytest.raises(IndexError, match="tuple index out of range: index 2 of a tuple of 2"):
        module.k[1, 1](out, 2)
        cuda.synchronize()


@pytest.mark.parametrize("body, message", [
    ("for v in ('a', 1):\n        out[0] += 1", "a 'for' loop over a tuple needs elements "
                                                "that unify"),
    ("for v in (b'a', b'b'):\n        out[0] += 1", "got Tuple(bytes, bytes)"),
])
def test_loops_over_tuples_mixing_strings_are_refused(tmp_path, body, message):
    module = load_module(tmp_path, "k", "from pyjit import cuda\n\n@cuda.jit\n"
                                        "def k(out):\n    %s\n" % body)
    with pytest.raises(pyjit.CompileError) as err:
        cuda.compile_ptx(module.k, "void(float64[:])")
    assert message in str(err.value) and "k.py:5:" in str(err.value)


def test_string_constants_order_and_contain_as_in_python(jit):
    # Decided when compiling, as numba's Literal[str]: Python's order of code
    # points, and a substring test for `in`.
    @jit
    def k(o):
        o[0] = "a" < "b"
        o[1] = "abc" >= "abd"
        o[2] = "é" > "z"            # U+00E9 after U+007A
        o[3] = "b" in "abc"
        o[4] = "" in "x"
        o[5] = "ca" not in "abc"
        o[6] = b"a" < b"b"

    o = np.zeros(7)
    k[1, 1](o)
    assert o.tolist() == [float(v) for v in ("a" < "b", "abc" >= "abd", "é" > "z", "b" in "abc",
                                             "" in "x", "ca" not in "abc", b"a" < b"b")]


def test_signature_objects_over_bytes_and_str_arrays(jit):
    # numba's void(from_dtype('S4')[:]) and types.Array(S4, 1, 'C'): the
    # objects spell as array([char x 4], 1d, A), which parses back.
    from pyjit import types, void
    S4 = pyjit.from_dtype(np.dtype("S4"))
    U3 = pyjit.from_dtype(np.dtype("U3"))
    assert str(S4[:]) == "array([char x 4], 1d, A)"
    assert str(U3[:, ::1]) == "array([unichr x 3], 2d, C)"
    for sig in (void(S4[:]), void(types.Array(S4, 1, "C")), (S4[:],)):
        @jit(sig)
        def spread(a):
            i = cuda.grid(1)
            if i < a.size:
                a[i] = a[0]

        a = np.array([b"ab", b"cdef", b"x"], "S4")
        spread[1, 3](a)
        assert a.tolist() == [b"ab", b"ab", b"ab"]

    @jit(void(U3[::1]))
    def first(a):
        a[1] = a[0]

    u = np.array(["xyz", "q"], "U3")
    first[1, 1](u)
    assert u.tolist() == ["xyz", "xyz"]
