"""debug=True: out-of-bounds indices and failed asserts raise after the
launch, naming the kernel, the line, the thread and the block; the context
survives and the next launch runs normally. On every backend (`jit`)."""
import numpy as np
import pytest

from pyjit import cuda, int32


def _line(func, offset):
    return "%s:%d:" % ("test_debug_checks.py", func.__code__.co_firstlineno + offset)


def test_index_past_the_end_raises_index_error(jit):
    @jit(debug=True)
    def k(a, n):
        i = cuda.grid(1)
        if i < n:
            a[i] = 1.0

    a = np.zeros(40, dtype=np.float32)
    with pytest.raises(IndexError) as info:
        k[2, 32](a, 64)  # threads 40..63 write past the end
    msg = str(info.value)
    assert "out of bounds for axis 0 with size 40" in msg
    assert "kernel 'k'" in msg and _line(k.py_func, 4) in msg
    # The index reported is one of the failing ones, with its own thread/block.
    index = int(msg.split("index ")[1].split()[0])
    assert 40 <= index < 64
    assert "block (%d, 0, 0)" % (index // 32) in msg
    assert "thread (%d, 0, 0)" % (index % 32) in msg
    # In-bounds launches of the same kernel work, and no stale error remains.
    b = np.zeros(40, dtype=np.float32)
    k[2, 32](b, 40)
    assert b.sum() == 40


def _store_at(a, i):
    a[i] = 2.0


def _store_through(a, i):
    _store_at_dev(a, i)


def test_a_check_in_a_device_function_names_the_calls_it_lies_in(jit):
    # The failing line is the device function's; each call that leads there
    # is named too, innermost first (the kernel's call last).
    global _store_at_dev
    _store_at_dev = jit(device=True)(_store_at)
    through = jit(device=True)(_store_through)

    @jit(debug=True)
    def k(a):
        i = cuda.grid(1)
        through(a, i + 1)

    with pytest.raises(IndexError) as info:
        k[1, 4](np.zeros(4, dtype=np.float32))
    msg = str(info.value)
    # (columns: where the index `i`, `_store_at_dev(` and `through(` begin in their lines)
    assert ("%s7, called from %s" % (_line(_store_at, 1), __file__)) in msg, msg
    assert ("%s5, called from %s" % (_line(_store_through, 1), __file__)) in msg, msg
    assert msg.endswith("%s9 (thread (3, 0, 0) of block (0, 0, 0))" % _line(k.py_func, 3)), msg
    assert msg.count("called from") == 2


def test_negative_index_below_minus_extent_raises(jit):
    @jit(debug=True)
    def k(a, j):
        a[0, j] = 5

    a = np.zeros((2, 3), dtype=np.int64)
    k[1, 1](a, -3)  # a[0, -3] is a[0, 0]: valid
    assert a[0, 0] == 5
    with pytest.raises(IndexError, match=r"index -4 is out of bounds for axis 1 with size 3"):
        k[1, 1](a, -4)


def test_an_unsigned_index_is_never_negative(jit):
    # NumPy: a[np.uint64(2**64 - 1)] is IndexError, not a[-1]. The bits of
    # 2**64-1 are int64 -1, which passed the signed check and addressed the
    # element before the array (a store corrupted the heap).
    @jit(debug=True)
    def read(a, idx, out):
        out[0] = a[idx[0]]

    @jit(debug=True)
    def write_2d(m, idx):
        m[1, idx[0]] = 7.0

    @jit(debug=True)
    def write_tuple(m, idx):
        t = (idx[0], idx[1])
        m[t] = 7.0

    a = np.arange(10.0)
    out = np.zeros(1)
    huge = np.array([2**64 - 1, 2**64 - 1], dtype=np.uint64)
    with pytest.raises(IndexError, match=r"index 18446744073709551615 is out of bounds for "
                                         r"axis 0 with size 10"):
        read[1, 1](a, huge, out)
    m = np.zeros((3, 4))
    with pytest.raises(IndexError, match=r"index 18446744073709551615 is out of bounds for "
                                         r"axis 1 with size 4"):
        write_2d[1, 1](m, huge)
    with pytest.raises(IndexError, match=r"index 18446744073709551615 is out of bounds for "
                                         r"axis 0 with size 3"):
        write_tuple[1, 1](m, huge)
    assert not m.any()
    read[1, 1](a, np.array([9], dtype=np.uint64), out)  # in range: the last element
    assert out[0] == 9.0
    write_tuple[1, 1](m, np.array([2, 3], dtype=np.uint64))
    assert m[2, 3] == 7.0 and m.sum() == 7.0

    # Into a tuple, and as slice bounds (Python clamps a bound past the extent).
    @jit(debug=True)
    def from_tuple(out, i):
        t = (10, 20, 30)
        out[0] = t[i]

    @jit(debug=True)
    def slices(out, a, i):
        out[0] = a[i:].shape[0]
        out[1] = a[:i].shape[0]

    out = np.zeros(2)
    with pytest.raises(IndexError, match=r"tuple index out of range: index "
                                         r"18446744073709551615 of a tuple of 3"):
        from_tuple[1, 1](out, np.uint64(2**64 - 1))
    from_tuple[1, 1](out, np.uint64(2))
    assert out[0] == 30
    slices[1, 1](out, a, np.uint64(2**64 - 1))
    assert out.tolist() == [0, 10]  # numpy: a[u:] is empty, a[:u] whole
    slices[1, 1](out, a, np.uint64(2))
    assert out.tolist() == [8, 2]


def test_a_run_time_tuple_index_out_of_range_says_so(jit):
    # numba-cuda's test_exception asserts "tuple index out of range" in the message.
    @jit(debug=True)
    def k(ary):
        x = cuda.threadIdx.x
        if x == 2:
            ary[0] = ary.shape[-x]

    with pytest.raises(IndexError, match=r"tuple index out of range: index -2 of a tuple of 1"):
        k[1, 3](np.array([0, 1]))


def test_a_run_time_slice_step_of_zero_raises_value_error(jit):
    @jit(debug=True)
    def k(a, step):
        v = a[::step]
        v[0] = 7.0

    a = np.zeros(4)
    k[1, 1](a, 2)
    assert a[0] == 7.0
    with pytest.raises(ValueError, match=r"slice step cannot be zero"):
        k[1, 1](a, 0)


def test_a_run_time_range_step_of_zero_raises_value_error(jit):
    # Python (and numba in debug mode): ValueError; the loop used to run no
    # iterations silently.
    @jit(debug=True)
    def k(a, step):
        for i in range(0, a.size, step):
            a[i] = 7.0

    a = np.zeros(4)
    k[1, 1](a, 3)
    np.testing.assert_array_equal(a, [7.0, 0.0, 0.0, 7.0])
    with pytest.raises(ValueError, match=r"range\(\) arg 3 must not be zero"):
        k[1, 1](a, 0)


def test_shared_and_local_arrays_are_checked(jit):
    @jit(debug=True)
    def k(out, i):
        s = cuda.shared.array(16, int32)
        s[i] = 1
        out[0] = s[i]

    @jit(debug=True)
    def k2(out, i):
        t = cuda.local.array(4, int32)
        t[i] = 2
        out[0] = t[i]

    out = np.zeros(1, dtype=np.int32)
    with pytest.raises(IndexError, match="axis 0 with size 16"):
        k[1, 1](out, 16)
    with pytest.raises(IndexError, match="index 4 is out of bounds for axis 0 with size 4"):
        k2[1, 1](out, 4)
    k2[1, 1](out, 3)
    assert out[0] == 2


def test_failed_assert_with_braces_in_message(jit):
    @jit(debug=True)
    def k(a):
        assert a[0] == 0, "want {zero}"

    with pytest.raises(AssertionError, match=r"want \{zero\} in kernel 'k'"):
        k[1, 1](np.ones(1, dtype=np.int64))


def test_without_debug_a_failing_assert_ends_the_thread(jit):
    # numba-cuda evaluates every assert; without debug a failure raises
    # nothing on the host, but the thread returns there (its PTX: the
    # compare, then a branch to `ret` before the later stores).
    @jit
    def k(a):
        i = cuda.threadIdx.x
        a[i, 0] = 1
        assert a[i, 1] > 0
        a[i, 2] = 7

    a = np.array([[0, 5, 0], [0, -5, 0]], dtype=np.int64)
    k[1, 2](a)
    assert a.tolist() == [[1, 5, 7], [1, -5, 0]]


class KernelInputError(Exception):
    """A user's exception class, raised from a kernel."""


def test_raise_in_debug_mode_reports_the_class_message_and_line(jit):
    @jit(debug=True)
    def k(a):
        i = cuda.grid(1)
        if i < a.size:
            if a[i] < 0:
                raise ValueError("negative {entry}")
            if a[i] > 100:
                raise KernelInputError
            a[i] = 2 * a[i]

    with pytest.raises(ValueError, match=r"negative \{entry\} in kernel 'k' at .*%s\d+ "
                       r"\(thread \(1, 0, 0\)" % _line(k.py_func, 5)):
        k[1, 4](np.array([1, -2, 3], dtype=np.int64))
    with pytest.raises(KernelInputError, match=r"in kernel 'k' at .*%s" % _line(k.py_func, 7)):
        k[1, 4](np.array([1, 200, 3], dtype=np.int64))
    a = np.array([1, 2, 3], dtype=np.int64)
    k[1, 4](a)  # the next launch runs normally
    assert list(a) == [2, 4, 6]


def test_every_builtin_exception_class_can_be_raised(jit):
    # numba-cuda raises any builtin exception class (StopIteration, OSError,
    # UserWarning, ...), not only the arithmetic and lookup ones.
    @jit(debug=True)
    def k(a, which):
        if which == 0:
            raise StopIteration("stop")
        if which == 1:
            raise OSError("os")
        if which == 2:
            raise AttributeError("attr")
        raise UserWarning("warned")

    for which, cls in enumerate([StopIteration, OSError, AttributeError, UserWarning]):
        with pytest.raises(cls, match="in kernel 'k'"):
            k[1, 1](np.zeros(1), which)


EXC_MESSAGE = "global message"
EXC_LIMIT = 7


def test_exception_arguments_are_compile_time_constants(jit):
    # numba's constant exceptions: several arguments, numbers, None, bools
    # and global strings; the first gets the kernel, line and thread.
    @jit(debug=True)
    def k(a, which):
        if which == 0:
            raise ValueError("bad value", 3, 2.5, None, True, 'q"u\'o\\te')
        if which == 1:
            raise ValueError(42)
        if which == 2:
            raise IndexError(EXC_MESSAGE, EXC_LIMIT)
        if which == 3:
            assert a[0] > 0, EXC_MESSAGE
        if which == 4:
            assert a[0] > 0, 1.5

    def caught(which):
        with pytest.raises(Exception) as info:
            k[1, 1](np.zeros(1), which)
        return info.value

    e = caught(0)
    assert type(e) is ValueError
    assert e.args[0].startswith("bad value in kernel 'k' at ")
    assert e.args[1:] == (3, 2.5, None, True, 'q"u\'o\\te')
    e = caught(1)
    assert type(e) is ValueError and e.args[0].startswith("42 in kernel 'k'") and len(e.args) == 1
    e = caught(2)
    assert type(e) is IndexError and e.args[0].startswith("global message in kernel 'k'")
    assert e.args[1:] == (7,)
    e = caught(3)
    assert type(e) is AssertionError and e.args[0].startswith("global message in kernel")
    e = caught(4)
    assert type(e) is AssertionError and e.args[0].startswith("1.5 in kernel")


def test_without_debug_a_raise_ends_the_thread(jit):
    # numba.cuda: the exception is not reported; the raising thread returns.
    @jit
    def k(a):
        i = cuda.grid(1)
        if i < a.size:
            if a[i] < 0:
                raise ValueError("negative")
            a[i] = 2 * a[i]

    a = np.array([1, -2, 3], dtype=np.int64)
    k[1, 4](a)
    assert list(a) == [2, -2, 6]


@pytest.mark.parametrize("statement, message", [
    ("raise", r"a bare 'raise' \(re-raising; kernels have no 'except'\) is not supported"),
    ("raise ValueError(a[0])", "takes compile-time constants .* not an int64 computed at run time"),
    ("raise ValueError('a', a[0])", "takes compile-time constants .* not an int64 computed at run time"),
    ("raise ValueError(msg='a')", "takes positional arguments only"),
    ("raise ValueError from None", r"'raise ... from' is not supported"),
    ("raise 5", r"'raise' needs an exception class"),
    ("raise len", r"'raise' needs an exception class"),
])
def test_raise_errors_point_at_the_statement(statement, message, tmp_path):
    import pyjit
    from kernel_files import load_module
    mod = load_module(tmp_path, "kern_raise", "def k(a):\n    %s\n" % statement)
    with pytest.raises(pyjit.CompileError, match=message) as info:
        pyjit.jit(debug=True)(mod.k)[1, 1](np.zeros(1, dtype=np.int64))
    assert "kern_raise.py:2:" in str(info.value)


class NoMessageError(Exception):
    def __init__(self):
        super().__init__("fixed text")


def test_raise_of_classes_that_take_no_message_or_live_in_a_function(jit):
    # A class whose __init__ takes no argument is made without one, the
    # kernel's location added as a note; a class made inside a function is
    # found by identity.
    @jit(debug=True)
    def k(a):
        raise NoMessageError

    with pytest.raises(NoMessageError, match="fixed text") as info:
        k[1, 1](np.zeros(1, dtype=np.int64))
    assert any("in kernel 'k'" in note for note in info.value.__notes__)

    def make():
        class LocalError(Exception):
            pass

        @jit(debug=True)
        def k2(a):
            raise LocalError("from a factory")
        return k2, LocalError

    k2, local_error = make()
    with pytest.raises(local_error, match="from a factory in kernel 'k2'"):
        k2[1, 1](np.zeros(1, dtype=np.int64))


def _load_unregistered(path, name, text):
    """A module made from `text` the way plugin loaders and pytest's importlib
    mode make one: executed, never put in sys.modules."""
    import importlib.util
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(name, str(path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_raise_of_a_class_whose_module_is_not_in_sys_modules(jit, tmp_path):
    # The class is found through the kernel's compile, not sys.modules; two
    # such modules of one name keep their own classes.
    text = ("class PluginError(Exception):\n"
            "    pass\n"
            "def k(a):\n"
            "    if a[0] == 1:\n"
            "        raise PluginError('from %s')\n")
    first = tmp_path / "one"
    second = tmp_path / "two"
    first.mkdir()
    second.mkdir()
    mods = [_load_unregistered(d / "plugin.py", "pyjit_test_plugin", text % tag)
            for d, tag in ((first, "one"), (second, "two"))]
    assert mods[0].PluginError is not mods[1].PluginError
    for mod, tag in zip(mods, ("one", "two")):
        with pytest.raises(mod.PluginError, match="from %s in kernel 'k'" % tag):
            jit(debug=True)(mod.k)[1, 1](np.ones(1, dtype=np.int64))


def test_an_unregistered_class_is_not_taken_for_an_importable_one(jit, tmp_path):
    # A module loaded unregistered, then the same file imported normally:
    # each kernel raises its own module's class.
    import sys
    text = ("class PluginError(Exception):\n    pass\n"
            "def k(a):\n    raise PluginError('boom')\n")
    loose = _load_unregistered(tmp_path / "pyjit_test_plug.py", "pyjit_test_plug", text)
    sys.path.insert(0, str(tmp_path))
    try:
        import pyjit_test_plug as registered
    finally:
        sys.path.remove(str(tmp_path))
    try:
        assert loose.PluginError is not registered.PluginError
        for mod in (loose, registered):
            with pytest.raises(mod.PluginError):
                jit(debug=True)(mod.k)[1, 1](np.zeros(1))
    finally:
        sys.modules.pop("pyjit_test_plug", None)


def test_messages_decode_python_string_escapes(jit):
    # \x, \u, \U and octal escapes, as Python decodes them.
    @jit(debug=True)
    def k(a):
        raise ValueError("\x41\u00e9\U0001F600\101\7-\\x")

    with pytest.raises(ValueError) as info:
        k[1, 1](np.zeros(1, dtype=np.int64))
    assert str(info.value).startswith("A\u00e9\U0001F600A\x07-\\x in kernel 'k'")


def test_each_thread_sees_its_own_launchs_failure(jit):
    # The error record is the kernel module's: launches from several Python
    # threads at once must not report (or swallow) each other's failures.
    import threading

    @jit(debug=True)
    def k(a, bad):
        a[cuda.grid(1) + bad] = 1     # bad=1: thread 31 writes a[32], IndexError

    k[1, 32](np.zeros(32), 0)
    wrong = []

    def work(tid):
        for _ in range(20):
            try:
                k[1, 32](np.zeros(32), tid % 2)
                if tid % 2:
                    wrong.append("a failing launch returned normally")
            except IndexError:
                if not tid % 2:
                    wrong.append("a good launch raised another's IndexError")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []


_BAD_VALUE = "bad value"


def test_a_raise_message_may_be_a_global_string(jit):
    # numba takes a compile-time constant (a global str) as the message.
    @jit(debug=True, opt=False)
    def k(x):
        if x[0] < 0:
            raise ValueError(_BAD_VALUE)

    k[1, 1](np.array([1.0]))
    with pytest.raises(ValueError, match="^bad value in kernel 'k'"):
        k[1, 1](np.array([-1.0]))
