"""Compile errors raise pyjit.CompileError pointing at the user's line (no GPU needed)."""
import inspect

import numpy as np

import pytest

import pyjit
from pyjit import cuda


def _line_of(func, text):
    lines, first = inspect.getsourcelines(func)
    for k, line in enumerate(lines):
        if text in line:
            return first + k, line.index(text) + 1
    raise AssertionError(text)


def test_unsupported_construct_reports_file_line_col_and_caret():
    def kern(a):
        try:
            a[0] = 1
        except Exception:
            pass

    with pytest.raises(pyjit.CompileError) as info:
        cuda.compile_ptx(kern, "void(float32[:])")
    msg = str(info.value)
    line, col = _line_of(kern, "try:")
    assert "%s:%d:%d: error: a 'try' statement is not supported in kernels" % (__file__, line, col) in msg
    src_line, caret_line = msg.splitlines()[1:3]
    assert src_line.strip() == "try:"
    assert caret_line.index("^") == src_line.index("try")


def test_undefined_name_is_named():
    def kern(a):
        a[0] = no_such_helper_fn(a[0])  # noqa: F821

    with pytest.raises(pyjit.CompileError, match="name 'no_such_helper_fn' is not defined"):
        cuda.compile_ptx(kern, "void(float64[:])")


def test_error_of_a_kernel_typed_from_its_arguments_names_their_types(jit):
    # A None (or a scalar) where the body wants an array: the errors point
    # into the body; the note says which argument had which type.
    @jit
    def k(a, b):
        if a.size > 1:
            a[1] = b[0] * 2

    with pytest.raises(pyjit.CompileError) as info:
        k[1, 4](None, np.ones(4))
    msg = str(info.value)
    assert "a value of type none has no attribute 'size'" in msg
    assert msg.endswith("note: kernel 'k' was compiled for the types of the arguments given: "
                        "a: none, b: array(float64, 1d, C)")
    with pytest.raises(pyjit.CompileError) as again:  # once per error, not per launch
        k[1, 4](None, np.ones(4))
    assert str(again.value).count("note: kernel 'k'") == 1

    @jit("void(float64[::1], float64)")
    def eager(a, b):
        a[0] = b

    with pytest.raises(TypeError):  # (an explicit signature: no such note)
        eager[1, 1](None, 1.0)


def test_bad_signature_type_raises_typeerror_at_decoration():
    with pytest.raises(TypeError, match="int33"):
        @cuda.jit("void(int33[:])")
        def kern(a):
            a[0] = 1


def test_kernel_returning_a_value_is_rejected():
    def kern(a):
        return a[0]

    with pytest.raises(pyjit.CompileError, match="cannot return a value"):
        cuda.compile_ptx(kern, "void(float32[:])")


def test_local_arrays_larger_than_a_thread_can_have_are_an_error(jit):
    # 512 KiB of local memory a thread (CUDA's technical specifications):
    # 65536 float64 fit, one more does not; a huge shape is an error, not a crash.
    def fits(out):
        t = cuda.local.array(65536, np.float64)
        t[0] = 1.0
        out[0] = t[0]

    def over(out):
        t = cuda.local.array(65537, np.float64)
        t[0] = 1.0
        out[0] = t[0]

    def huge(out):
        t = cuda.local.array((1 << 40, 1 << 40), np.float64)
        out[0] = t[0, 0]

    cuda.compile_ptx(fits, "void(float64[:])")
    line, col = _line_of(over, "cuda.local.array")
    with pytest.raises(pyjit.CompileError,
                       match=r":%d:%d: error: cuda.local.array of 524296 bytes: more than the "
                             r"512 KiB of local memory a thread can have" % (line, col)):
        cuda.compile_ptx(over, "void(float64[:])")
    with pytest.raises(pyjit.CompileError, match=r"cuda.local.array of more than 2\^63 bytes"):
        jit(huge)[1, 1](np.zeros(1))


def test_float32_saxpy_ptx_has_fma_and_no_f64():
    def saxpy(a, x, y, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a * x[i] + y[i]

    ptx, _ = cuda.compile_ptx(saxpy, "void(float32, float32[::1], float32[::1], float32[::1])")
    assert ".visible .entry saxpy" in ptx
    assert "fma.rn.f32" in ptx
    assert ".f64" not in ptx


def test_module_constant_is_frozen_into_the_kernel():
    def kern(a):
        a[0] = SCALE * 2

    ptx, _ = cuda.compile_ptx(kern, "void(int64[:])")
    # 7 * 2 folded by the compiler: the constant 14 is stored.
    assert "14" in ptx


SCALE = 7


TABLE = np.array([1, 2, 3], dtype=np.int32)
BIG = np.zeros(20000, dtype=np.float64)


def test_writing_a_constant_array_is_an_error():
    def kern(a):
        TABLE[0] = a[0]

    with pytest.raises(pyjit.CompileError, match="cannot write to a read-only array"):
        cuda.compile_ptx(kern, "void(int32[:])")


def test_large_global_arrays_are_named():
    def kern(a):
        a[0] = BIG[0]

    with pytest.raises(pyjit.CompileError, match="global 'BIG' of type ndarray of 160000 bytes"):
        cuda.compile_ptx(kern, "void(float64[:])")


def _plain(x):
    return x


DEEP = 1.0
for _ in range(900):
    DEEP = (DEEP,)
NOT_DEEP = 2.0
for _ in range(99):
    NOT_DEEP = (NOT_DEEP,)
HOLDS_A_FUNCTION = (1, _plain)


def test_a_tuple_global_too_deep_or_holding_a_function_says_why():
    # 900 levels raised a bare RecursionError from pyjit's global reader;
    # a tuple holding a plain function did not say what it held.
    def deep(a):
        a[0] = len(DEEP)

    with pytest.raises(pyjit.CompileError,
                       match="global 'DEEP' of type tuple nested more than 100 deep"):
        cuda.compile_ptx(deep, "void(float64[:])")

    def holds(a):
        a[0] = HOLDS_A_FUNCTION[0]

    with pytest.raises(pyjit.CompileError,
                       match=r"global 'HOLDS_A_FUNCTION' of type tuple holding a function "
                             r"\(a plain Python function; make it a device function"):
        cuda.compile_ptx(holds, "void(float64[:])")

    @cuda.jit(target="cpu")
    def not_deep(a):
        a[0] = len(NOT_DEEP) + NOT_DEEP[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]

    a = np.zeros(1)
    not_deep[1, 1](a)
    assert a[0] == 1 + 2.0  # one element, 99 levels: the innermost 2.0


def test_shared_arrays_over_48_kib_are_a_compile_error_at_the_largest():
    """Not a link error from nvJitLink: a compile error at the largest array's line."""
    @cuda.jit
    def k(x):
        small = cuda.shared.array(16, np.float64)
        big = cuda.shared.array(13000, np.float32)   # 52000 bytes
        big[cuda.threadIdx.x] = 1
        small[0] = 2
        cuda.syncthreads()
        x[0] = big[3] + small[0]

    with pytest.raises(pyjit.CompileError) as info:
        k[1, 32](np.zeros(1, np.float32))
    message = str(info.value)
    assert "needs 52128 bytes of static shared memory" in message
    assert "big = cuda.shared.array(13000, np.float32)" in message   # the line, with a caret


class _PlainClass:
    LIMIT = 3


def test_using_a_class_says_what_to_do_instead():
    @cuda.jit
    def reads_class(a):
        a[0] = _PlainClass.LIMIT

    with pytest.raises(pyjit.CompileError, match=r"global '_PlainClass' of type class "
                       r"'_PlainClass' \(kernels take Enum classes and exception classes"):
        reads_class[1, 1](np.zeros(1))


def test_a_kernel_without_source_text_names_where_to_define_it(jit):
    # exec() of a string keeps no source lines (nor does `python -c`).
    ns = {}
    exec("def k(out):\n    out[0] = 1\n", ns)
    with pytest.raises(TypeError, match=r"cannot compile 'k': its source code is not available "
                                        r"\(.*defined in <string>\).*define it in a file or a "
                                        r"notebook cell"):
        jit(ns["k"])[1, 1](np.zeros(1))


_EDITED_SOURCE = """\
SCALE = 1.0


def make():
    f = 4.0

    def k2(a, x):
        a[1] = x * f  # a closure

    return k2


def k(a, x):
    # body
    a[0] = x * 2 * SCALE


k2 = make()
"""


@pytest.mark.parametrize("edit, k_compiles, k2_compiles", [
    (lambda src: src.replace("* 2", "* 3"), False, True),      # the kernel's own text
    (lambda src: "# a\n# b\n\n" + src, False, False),         # lines moved under both
    (lambda src: src + "\n\ndef other():\n    return 5\n", True, True),  # another function
    (lambda src: src.replace("# body", "# a longer comment than before"), True, True),
])
def test_a_kernel_file_edited_after_loading_is_refused_when_its_code_changed(
        jit, tmp_path, edit, k_compiles, k2_compiles):
    # pyjit compiles source text and numba bytecode: text edited after the
    # module was loaded must not silently compile into other code (or
    # another function's lines, when lines moved).
    import os
    from kernel_files import load_module
    mod = load_module(tmp_path, "edited_kernels", _EDITED_SOURCE)
    k, k2 = jit(mod.k), jit(mod.k2)
    path = tmp_path / "edited_kernels.py"
    path.write_text(edit(_EDITED_SOURCE))
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))  # a later edit, surely
    a = np.zeros(2)
    for kernel, compiles, line, value in ((k, k_compiles, 13, 10.0), (k2, k2_compiles, 7, 20.0)):
        if compiles:
            kernel[1, 1](a, 5.0)
            assert value in a
        else:
            with pytest.raises(pyjit.CompileError,
                               match=r"edited_kernels.py:%d: error: cannot compile '%s': its "
                                     r"file changed after Python loaded it" % (line, kernel.__name__)):
                kernel[1, 1](a, 5.0)


_TOUCHED_SOURCE = """\
def factory():
    def k(a):
        a[0] = 42.0
    return k


if True:
    def k2(a):
        \"\"\"A docstring
whose lines start left of the def.\"\"\"
        a[1] = 2.0

lam = lambda a, i: a[i] + 1  # noqa: E731
"""


def test_a_kernel_file_saved_unchanged_still_compiles(jit, tmp_path):
    # A file touched or saved as it was is compared with what Python runs:
    # kernels made in factories (Python marks their code nested), defs in
    # blocks with lines left of them (no dedent), lambdas.
    import os
    from kernel_files import load_module
    mod = load_module(tmp_path, "touched_kernels", _TOUCHED_SOURCE)
    k, k2 = jit(mod.factory()), jit(mod.k2)
    dev = cuda.jit(device=True)(mod.lam)

    @jit
    def k3(a):
        a[2] = dev(a, 0)

    path = tmp_path / "touched_kernels.py"
    path.write_text(_TOUCHED_SOURCE)
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    a = np.zeros(3)
    k[1, 1](a)
    k2[1, 1](a)
    k3[1, 1](a)
    assert list(a) == [42.0, 2.0, 43.0]


_ASSERTING_SOURCE = """\
from pyjit import cuda


@cuda.jit(device=True)
def checked(x):
    assert x > 0
    return x * 2


def k(a, x):
    a[0] = checked(x)
"""


class _AssertRewritingLoader:
    """A loader as pytest's assertion rewriting is: its bytecode for each
    `assert` is not what the file's text compiles to."""

    def __init__(self, path):
        self.path = path

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        import ast
        from _pytest.assertion.rewrite import rewrite_asserts
        text = self.path.read_bytes()
        tree = ast.parse(text)
        rewrite_asserts(tree, text, None, None)
        exec(compile(tree, str(self.path), "exec", dont_inherit=True), module.__dict__)


@pytest.mark.parametrize("edit, compiles", [
    (lambda src: src, True),                                   # saved as it was
    (lambda src: src.replace("x * 2", "x * 3"), False),         # the device function's constant
    (lambda src: src.replace("x > 0", "x > -1"), False),        # the assertion's
])
def test_a_module_compiled_by_an_import_hook_is_compared_line_by_line(jit, tmp_path, edit,
                                                                     compiles):
    # Under pytest, a test module's bytecode is its text with every assert
    # rewritten: a file written just before Python loaded it (compared with
    # the code Python runs) must not read as edited for that alone.
    import importlib.util
    import os
    import sys
    name = "rewritten_kernels_%d" % len(sys.modules)
    path = tmp_path / (name + ".py")
    path.write_text(_ASSERTING_SOURCE)
    spec = importlib.util.spec_from_loader(name, _AssertRewritingLoader(path),
                                           origin=str(path))
    mod = importlib.util.module_from_spec(spec)
    mod.__file__ = str(path)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
        k = jit(mod.k)
        path.write_text(edit(_ASSERTING_SOURCE))
        st = os.stat(path)
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))  # a later edit, surely
        a = np.zeros(1)
        if compiles:
            k[1, 1](a, 4.0)
            assert a[0] == 8.0
        else:
            with pytest.raises(pyjit.CompileError, match=r"%s.py:4: error: cannot compile "
                                                         r"'checked': its file changed" % name):
                k[1, 1](a, 4.0)
    finally:
        del sys.modules[name]


def test_a_signature_compiled_after_an_edit_uses_the_text_python_loaded(jit, tmp_path):
    # The text read (and checked against the code) at the first compile is
    # the code's: a later signature compiles it again, though the file now
    # says "* 3" (numba compiles the bytecode, which still says "* 2").
    import os
    from kernel_files import load_module
    mod = load_module(tmp_path, "edited_later", _EDITED_SOURCE)
    k = jit(mod.k)
    a = np.zeros(2)
    k[1, 1](a, 5.0)
    assert a[0] == 10.0
    path = tmp_path / "edited_later.py"
    path.write_text(_EDITED_SOURCE.replace("* 2", "* 3"))
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    k[1, 1](a, 7)   # an int64 x: a new signature
    assert a[0] == 14.0
    assert len(k.overloads) == 2


_EDITED_IMPL_SOURCE = """\
from pyjit import types
from pyjit.extending import overload_method, register_jitable


@overload_method(types.Float, "bumped")
def ol_bumped(x):
    def impl(x):
        return x + 1
    return impl


@register_jitable
def plus_one(x):
    return x + 1
"""


@pytest.mark.parametrize("call", ["a[0].bumped()", "plus_one(a[0])"])
def test_an_implementation_file_edited_before_the_first_compile_is_refused(jit, tmp_path,
                                                                           call):
    # Typing functions (and the implementations in their bodies) and
    # register_jitable functions are checked against the code Python loaded,
    # as kernels are.
    import os
    from kernel_files import load_module
    name = "edited_impl_%s" % ("method" if "bumped" in call else "jitable")
    mod = load_module(tmp_path, name, _EDITED_IMPL_SOURCE)
    kernel = load_module(tmp_path, name + "_k", "def k(a):\n    a[0] = %s\n" % call)
    kernel.plus_one = mod.plus_one
    path = tmp_path / (name + ".py")
    path.write_text(_EDITED_IMPL_SOURCE.replace("x + 1", "x + 50"))
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert mod.plus_one(1.0) == 2.0
    with pytest.raises(pyjit.CompileError, match=r"%s.py:\d+: error: cannot compile '\w+': "
                                                 r"its file changed after Python loaded it"
                                                 % name):
        jit(kernel.k)[1, 1](np.zeros(1))


def test_a_script_edited_before_it_imports_pyjit_is_refused(tmp_path):
    # Written after the process started, before pyjit's import: compared too.
    import os
    import subprocess
    import sys
    script = tmp_path / "self_editing.py"
    script.write_text(
        "import os, sys\n"
        "me = os.path.abspath(__file__)\n"
        "text = open(me).read()\n"
        "open(me, 'w').write(text.replace('1 + a' + '[0]', '99 + a' + '[0]'))\n"
        "import numpy as np\n"
        "import pyjit\n"
        "from pyjit import cuda\n"
        "@cuda.jit\n"
        "def k(a):\n"
        "    a[0] = 1 + a[0]\n"
        "try:\n"
        "    k[1, 1](np.zeros(1))\n"
        "except pyjit.CompileError as e:\n"
        "    print('refused:', str(e).splitlines()[0])\n")
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, PYJIT_TARGET="cpu"))
    assert "refused:" in proc.stdout and "its file changed after Python loaded it" in \
        proc.stdout, proc.stdout + proc.stderr


def test_an_edited_lambda_is_refused(jit, tmp_path):
    import os
    from kernel_files import load_module
    mod = load_module(tmp_path, "edited_lambda", _TOUCHED_SOURCE)
    dev = cuda.jit(device=True)(mod.lam)

    @jit
    def k(a):
        a[2] = dev(a, 0)

    path = tmp_path / "edited_lambda.py"
    path.write_text(_TOUCHED_SOURCE.replace("a[i] + 1", "a[i] * 100"))
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    with pytest.raises(pyjit.CompileError, match="cannot compile '<lambda>': its file changed"):
        k[1, 1](np.zeros(3))


def test_a_file_edited_before_its_function_was_decorated_is_compared(jit, tmp_path):
    # The module was imported, its file edited, then the function decorated:
    # the file was written after pyjit's import, so the text is compared.
    from kernel_files import load_module
    mod = load_module(tmp_path, "late_decorated", "def body(a):\n    a[0] = 1\n")
    (tmp_path / "late_decorated.py").write_text("def body(a):\n    a[0] = 2\n")
    k = jit(mod.body)
    with pytest.raises(pyjit.CompileError, match="cannot compile 'body': its file changed"):
        k[1, 1](np.zeros(1))


def test_a_sum_of_thousands_of_terms_compiles(jit, tmp_path):
    # CPython compiles a 2900-term sum; every pass of pyjit's compiler
    # recurses once per term, and 8 MB of stack (a thread's) ran out near
    # 2700 and crashed the interpreter. The compiler has a stack of its own.
    from kernel_files import load_module
    terms = " + ".join("a[%d]" % (i % 4) for i in range(2900))
    import sys
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(20000)  # CPython's own compiler, under pytest's frames
    try:
        mod = load_module(tmp_path, "long_sum", "from pyjit import cuda\n\n\n"
                          "def k(a, out):\n    out[0] = %s\n" % terms)
    finally:
        sys.setrecursionlimit(limit)
    k = jit(mod.k)
    a = np.array([1.0, 2.0, 3.0, 4.0])
    out = np.zeros(1)
    k[1, 1](a, out)
    assert out[0] == 725 * (1 + 2 + 3 + 4)  # each of the 4 values 725 times


def test_the_float64_warning_points_at_the_users_launch(jit):
    # The PerformanceWarning's own text names the kernel's line; the warning
    # itself is attributed to the caller's launch, not to pyjit's files.
    import warnings

    @jit(cache=False)
    def saxpy(a, x, out):
        out[0] = a * x[0]

    x = np.ones(1, np.float32)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        saxpy[1, 1](2.0, x, np.zeros(1, np.float32)); line = inspect.currentframe().f_lineno  # noqa: E702
    perf = [w for w in caught if "float64 arithmetic" in str(w.message)]
    assert perf and perf[0].filename == __file__ and perf[0].lineno == line


def test_a_statement_with_no_effect_is_a_compile_warning_at_its_line(jit):
    # `cuda.syncthreads` without its parentheses is no barrier, and
    # `out[i] == 2` stores nothing; numba compiles both silently. pyjit
    # compiles them too (the kernel runs as numba's would) and warns, with
    # a CompileWarning (not a PerformanceWarning) at the user's launch.
    import warnings

    @jit(cache=False)
    def k(out):
        i = cuda.grid(1)
        cuda.syncthreads
        out[i] == 2.0
        out[i] = 3.0

    def_line = k.py_func.__code__.co_firstlineno
    out = np.zeros(2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        k[1, 2](out); line = inspect.currentframe().f_lineno  # noqa: E702
    assert out.tolist() == [3.0, 3.0]
    ours = [w for w in caught if issubclass(w.category, pyjit.CompileWarning)]
    assert len(ours) == 1 and ours[0].filename == __file__ and ours[0].lineno == line
    text = str(ours[0].message)
    assert ":%d:9: warning: this statement has no effect: cuda.syncthreads is a function " \
           "that is not called; write cuda.syncthreads() to call it" % (def_line + 3) in text
    assert ":%d:9: warning: this statement has no effect: '==' compares and the result is " \
           "dropped; write '=' to assign" % (def_line + 4) in text
    assert not issubclass(pyjit.CompileWarning, pyjit.PerformanceWarning)
    # (on a GPU the host array and the one-block grid give performance
    # warnings of their own)
    assert not [w for w in caught if issubclass(w.category, pyjit.PerformanceWarning)
                and "no effect" in str(w.message)]


def test_a_misspelt_cuda_name_is_no_attribute_and_a_host_function_is_named_so():
    # Real code had `cuda.gridprint(3)`: "not supported in kernels" read as if
    # the function existed. numba: "Unknown attribute 'gridprint'".
    @cuda.jit(target="cpu")
    def typo(a):
        a[0] = cuda.gridprint(3)

    with pytest.raises(pyjit.CompileError, match=r"module 'cuda' has no attribute 'gridprint'"):
        typo[1, 1](np.zeros(1))

    @cuda.jit(target="cpu")
    def host(a):
        d = cuda.to_device(a)

    with pytest.raises(pyjit.CompileError, match=r"'cuda.to_device' is not supported in kernels "
                                                 r"\(it is part of the host API"):
        host[1, 1](np.zeros(1))


def _child_kernel(a):
    a[0] = 1


def test_misused_calls_are_named_at_their_line():
    import math
    from pyjit.cuda import libdevice
    child = cuda.jit(_child_kernel)

    def sqrt_of_array(a, o):
        o[0] = math.sqrt(a)

    def launch_from_kernel(a):
        child[1, 1](a)

    def vector_sum(a):
        v = cuda.float32x2(1.0, 2.0)
        w = v + v
        a[0] = w.x

    def vector_difference(a):
        v = cuda.float32x2(1.0, 2.0)
        a[0] = (v - v).x

    def unknown_libdevice(a):
        a[0] = libdevice.funnelshift_l(1, 2, 3)

    cases = [
        (sqrt_of_array, "void(float64[:], float64[:])", "math.sqrt(a)",
         "math.sqrt() takes numbers, not array(float64, 1d, A): np.sqrt(x, out) applies it"),
        (launch_from_kernel, "void(float64[:])", "child[1, 1](a)",
         "a kernel cannot launch a kernel (CUDA dynamic parallelism is not supported"),
        (vector_sum, "void(float32[:])", "v + v",
         "CUDA vector types have no arithmetic in kernels (numba-cuda defines no + for "
         "float32x2)"),
        (vector_difference, "void(float32[:])", "v - v",
         "CUDA vector types have no arithmetic in kernels (numba-cuda defines no - for "
         "float32x2)"),
        (unknown_libdevice, "void(int32[:])", "libdevice.funnelshift_l",
         "cuda.libdevice has no function 'funnelshift_l'"),
    ]
    for fn, sig, text, message in cases:
        with pytest.raises(pyjit.CompileError) as info:
            cuda.compile_ptx(fn, sig)
        line, col = _line_of(fn, text)
        assert "%s:%d:%d: error: %s" % (__file__, line, col, message) in str(info.value), fn


def _cube(x):
    return x * x * x


def test_a_function_alias_read_before_its_assignment_is_an_error_not_a_crash():
    # numba-cuda refuses both ("Variable 'g' is not defined"); pyjit once
    # crashed compiling these.
    cube = cuda.jit(device=True)(_cube)

    def in_a_for_loop(out):
        for i in range(2):
            if i == 1:
                out[i] = g(3)  # noqa: F821
            g = cube

    def in_a_while_loop(out):
        i = 0
        while i < 2:
            out[i] = sq(3)  # noqa: F821
            sq = cube
            i += 1

    for fn, text, name in [(in_a_for_loop, "g(3)", "g"), (in_a_while_loop, "sq(3)", "sq")]:
        with pytest.raises(pyjit.CompileError) as info:
            cuda.compile_ptx(fn, "void(float64[:])")
        line, col = _line_of(fn, text)
        assert ("%s:%d:%d: error: local variable '%s' names a compile-time value but is "
                "read before its assignment" % (__file__, line, col, name)) in str(info.value)


def test_exceptions_that_end_the_interpreter_cannot_be_raised():
    def k(a):
        if a[0] < 0:
            raise SystemExit("bye")

    with pytest.raises(pyjit.CompileError, match="'SystemExit' cannot be raised in kernels"):
        cuda.compile_ptx(k, "void(float64[:])")


_LAMBDAS = '''k4 = lambda a: cuda.atomic.add(a, 0, oops4)
from pyjit import cuda
from pyjit.extending import overload


def twice(x):
    pass


@overload(twice)
def _ol(x):
    return lambda x: (x *
                      undefined_thing)


dev = cuda.jit(device=True)(lambda y: y + nope)
k3 = lambda a: cuda.atomic.add(a, 0, oops)


def k(out):
    out[0] = twice(3)


def k2(out):
    out[0] = dev(3)


kw = cuda.jit(device=True)(lambda a, *, c=3: a * c)
spread = cuda.jit(device=True)(
    lambda a:
        a + nope2,
)


def k5(out):
    out[0] = kw(3)


def k6(out):
    out[0] = spread(3)
'''


@pytest.mark.parametrize("kernel, where, line", [
    # an overload's implementation, its body over two lines
    ("k", r":13:23: error: name 'undefined_thing' is not defined\n"
          r"                      undefined_thing\)\n                      \^~~~~~~~~~~~~~~\n",
     None),
    # a device function
    ("k2", r":16:43: error: name 'nope' is not defined\n"
           r"dev = cuda\.jit\(device=True\)\(lambda y: y \+ nope\)\n {42}\^~~~\n", None),
    # a kernel
    ("k3", r":17:38: error: name 'oops' is not defined\n"
           r"k3 = lambda a: cuda\.atomic\.add\(a, 0, oops\)\n {37}\^~~~\n", None),
    # on the file's first line: the def is its line 0, placed at the lambda
    ("k4", r":1:38: error: name 'oops4' is not defined\n"
           r"k4 = lambda a: cuda\.atomic\.add\(a, 0, oops4\)\n {37}\^~~~~\n", None),
    # in its parameters: at the parameter, on the lambda's line
    ("k5", r":28:38: error: a keyword-only marker '\*' is not supported in kernels\n"
           r"kw = cuda\.jit\(device=True\)\(lambda a, \*, c=3: a \* c\)\n {37}\^\n", None),
    # its body on a line of its own inside a call, which inspect stops before
    ("k6", r":31:13: error: name 'nope2' is not defined\n        a \+ nope2,\n {12}\^~~~~\n",
     None),
])
def test_errors_in_lambdas_point_at_their_own_line_and_column(tmp_path, kernel, where, line):
    from kernel_files import load_module
    m = load_module(tmp_path, "lambdas_at", _LAMBDAS)
    with pytest.raises(pyjit.CompileError, match=where):
        cuda.jit(getattr(m, kernel))[1, 1](np.zeros(1))


def _no_args_min(a):
    a[0] = min()


def _dim3_arithmetic(a):
    a[0] = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim


def _unroll_a_number(a, n):
    for v in cuda.literal_unroll(n):
        a[0] += v


@pytest.mark.parametrize("kernel, sig, message", [
    (_no_args_min, "void(float64[:])", r"min\(\) takes at least 1 argument, got 0"),
    # cuda.blockDim for cuda.blockDim.x: say what it is and what to take
    (_dim3_arithmetic, "void(float64[:])",
     r"unsupported operand types for \*: int32 and Dim3 \(cuda.blockDim: its .x, .y or .z "
     r"is an int\)"),
    # (was "'cuda.literal_unroll' is ... part of the host API")
    (_unroll_a_number, "void(float64[:], int64)", r"literal_unroll\(\) takes a tuple, not int64"),
])
def test_messages_of_common_slips(kernel, sig, message):
    with pytest.raises(pyjit.CompileError, match=message):
        cuda.compile_ptx(kernel, sig)


def test_jit_over_a_wrapping_decorator_says_which_function_it_was_given(jit):
    # functools.wraps gives the wrapper the kernel's name and signature; the
    # message named neither (it counted the wrapped function's parameters).
    import functools

    def checked(fn):
        @functools.wraps(fn)
        def wrapper(*args):
            return fn(*args)
        return wrapper

    @jit
    @checked
    def k(a, n):
        a[0] = n

    with pytest.raises(TypeError, match=r"kernel 'k' has the parameter \*args: .*@cuda.jit was "
                                        r"given 'wrapper', which a decorator made around 'k': "
                                        r"put @cuda.jit on 'k' itself"):
        k[1, 1](np.zeros(1), 2.0)


@pytest.mark.parametrize("body", ["GLOBAL_OUT[0] += a[0]", "np.add(a, a, out=GLOBAL_OUT)",
                                  "GLOBAL_OUT.fill(1.0)", "GLOBAL_OUT[0] = a[0]"])
def test_every_write_to_a_global_array_notes_that_it_is_a_constant(tmp_path, body):
    from kernel_files import load_module
    mod = load_module(tmp_path, "globw", "import numpy as np\nGLOBAL_OUT = np.zeros(3)\n\n\n"
                      "def k(a):\n    %s\n" % body)
    with pytest.raises(pyjit.CompileError, match=r"(?s)cannot write to a read-only array.*"
                                                 r"note: 'GLOBAL_OUT' is a global array: a "
                                                 r"kernel holds it as a constant"):
        cuda.compile_ptx(mod.k, "void(float64[::1])")
